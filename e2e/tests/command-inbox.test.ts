import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNTS, E2E_UNIT } from '../support/accounts';
import { callApi } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * The command inbox and attention (docs/decisions/0036-command-inbox-and-attention.md), two
 * screens side by side: a field phone writes to command, the command desktop sees the thread
 * live with an unread badge and hears the chime, replies in place; the crew presses SOS, command
 * hears the siren and acknowledges, and the crew reads who saw it and when.
 *
 * The sounds are observed from outside the product: an init script records the frequency of every
 * Web Audio oscillator the page starts, as a listener would hear the tones.
 */
const FIELD_HOST = 'field.localhost';
const HERE = { latitude: 51.5072, longitude: -0.1276, accuracy: 8 };
const SOON = { timeout: 15_000 };
/** The chime's first note and the siren's low note (alert-sound.ts): each cue is told apart by its tones. */
const CHIME_HZ = 523;
const SIREN_HZ = 700;

declare global {
  interface Window {
    heardTones?: number[];
  }
}

function listenForTones(): void {
  window.heardTones = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
    window.heardTones!.push(Math.round(this.frequency.value));
    return start.apply(this, args);
  };
}

let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;
let command: Page;
let field: Page;
let unitId: string;

const heard = (page: Page) => page.evaluate(() => window.heardTones ?? []);
const messagesTab = () => command.getByRole('tab', { name: /^Messages/ });
const unreadBadge = async () => Number((await messagesTab().textContent())?.replace(/\D/g, '') || '0');

beforeAll(async () => {
  browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  desk = await newContext(browser, { desktop: true });
  await desk.addInitScript(listenForTones);
  command = await desk.newPage();
  await signIn(command, 'Command_Admin');
  await command.waitForURL((url) => url.pathname !== '/login');
  const units = (await callApi(command, 'GET', '/units')).body.units as { id: string; callsign: string; emergency: unknown }[];
  unitId = units.find((unit) => unit.callsign === E2E_UNIT.callsign)!.id;
  if (units.find((unit) => unit.id === unitId)!.emergency) await callApi(command, 'POST', `/units/${unitId}/sos/clear`, {});
  await command.goto(mainUrl('/command'));
  await messagesTab().waitFor({ timeout: 30_000 });

  phone = await newContext(browser);
  await phone.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
  await phone.setGeolocation(HERE);
  field = await phone.newPage();
  await signIn(field, 'Field_Unit', FIELD_HOST);
  await field.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  if (command && unitId) await callApi(command, 'POST', `/units/${unitId}/sos/clear`, {}).catch(() => undefined);
  await browser?.close();
});

describe('command inbox and attention', () => {
  it('shows a unit’s message live with an unread badge and a chime; command replies in place and the crew reads it', async () => {
    const run = Date.now();
    // Everything else the shared e2e server holds is read first, so the badge counts only this message.
    await command.evaluate(() => (window.heardTones = []));
    const before = await unreadBadge();

    const thread = field.getByRole('region', { name: 'Messages' });
    await thread.getByLabel('Message command').fill(`Smoke at the depot, going in ${run}`);
    await thread.getByRole('button', { name: 'Send message' }).click();

    await expect.poll(unreadBadge, SOON).toBe(before + 1);
    await expect.poll(() => heard(command), SOON).toContain(CHIME_HZ);
    // The tabs wrap rather than push the page sideways while the highlight adds its bell.
    expect(await command.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(command, 'command-inbox-badge-desktop');

    await messagesTab().click();
    const row = command
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(E2E_UNIT.callsign) })
      .first();
    await expect.poll(() => row.textContent(), SOON).toContain(`Smoke at the depot, going in ${run}`);
    await expect.poll(() => row.textContent(), SOON).toMatch(/\d+ unread/);
    await screenshot(command, 'command-inbox-list-desktop');

    await row.click();
    const history = command.getByRole('list', { name: `Messages with ${E2E_UNIT.callsign}` });
    await expect.poll(() => history.getByText(`Smoke at the depot, going in ${run}`).isVisible(), SOON).toBe(true);
    // Open and visible: read, on the badge and on the server.
    // Other tests' threads share this server and may change meanwhile: at most what it was before this message.
    await expect.poll(unreadBadge, SOON).toBeLessThanOrEqual(before);
    const threads = async () =>
      (await callApi(command, 'GET', '/messages/threads')).body.threads.find(
        (candidate: { channel: string; targetId: string }) => candidate.channel === 'unit' && candidate.targetId === unitId,
      );
    await expect.poll(async () => (await threads()).unread, SOON).toBe(0);

    await command.getByLabel(`Reply to ${E2E_UNIT.callsign}`).fill(`Copy, wait for the engine ${run}`);
    await command.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => history.getByText(`Copy, wait for the engine ${run}`).isVisible(), SOON).toBe(true);
    await screenshot(command, 'command-inbox-thread-desktop');

    await expect.poll(() => thread.getByText(`Copy, wait for the engine ${run}`).isVisible(), SOON).toBe(true);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(field, 'command-inbox-reply-phone');
  });

  it('sounds the siren for an SOS; command acknowledges and the crew sees who saw it and when', async () => {
    await command.evaluate(() => (window.heardTones = []));
    await field.getByRole('button', { name: 'SOS', exact: true }).click();
    await field.getByRole('button', { name: 'Send SOS' }).click();

    const banner = command.getByRole('alert').filter({ has: command.getByRole('heading', { name: /^SOS: / }) });
    await expect.poll(() => banner.textContent(), SOON).toContain(E2E_UNIT.callsign);
    await expect.poll(() => banner.textContent()).toContain('Not acknowledged yet');
    await expect.poll(() => heard(command), SOON).toContain(SIREN_HZ);
    await field.getByText('Waiting for command to acknowledge.').waitFor(SOON);

    await banner.getByRole('button', { name: `Acknowledge ${E2E_UNIT.callsign} SOS` }).click();
    await expect.poll(() => banner.textContent(), SOON).toContain(`Acknowledged by ${ACCOUNTS.Command_Admin.fullName}`);
    await screenshot(command, 'command-sos-acknowledged-desktop');

    const seen = field.getByText(new RegExp(`^SOS seen by ${ACCOUNTS.Command_Admin.fullName} at \\d{2}:\\d{2}:\\d{2}$`));
    await expect.poll(() => seen.isVisible(), SOON).toBe(true);
    await field.evaluate(() => window.scrollTo(0, 0));
    await screenshot(field, 'command-inbox-sos-seen-phone');
    // Acknowledging the SOS is acknowledging its alert.
    const alerts = (await callApi(command, 'GET', '/alerts?rule=unit.sos')).body.alerts as { status: string; title: string }[];
    expect(alerts.find((alert) => alert.title === `SOS: ${E2E_UNIT.callsign}`)?.status).toBe('acknowledged');
  });
});
