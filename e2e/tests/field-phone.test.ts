import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_UNIT } from '../support/accounts';
import { callApi } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * The field phone in a phone-sized Chromium (docs/decisions/0043-the-field-phone-offline-and-attention.md;
 * issue 16, points 2, 4 and 7): position sharing on by default, an assignment arriving rings,
 * vibrates and notifies while Argus is in the background, and after a reload with no signal the
 * phone still shows its assignment and messages, marked "as of".
 *
 * The product code is real; the test only observes what lies outside Argus: the Vibration API and
 * showNotification are wrapped to record their calls, and the page's visibility is told "hidden"
 * the way a phone's would be when the crew switches app (headless Chromium never hides a page).
 */
const FIELD_HOST = 'field.localhost';
const HERE = { latitude: 51.5072, longitude: -0.1276, accuracy: 8 };
const INCIDENT_LOCATION = { lat: 51.5135, lon: -0.1167 };
const SOON = { timeout: 20_000 };
/** The assignment's vibration pattern (features/attention/ring.ts). */
const ASSIGNMENT_PULSES = [400, 150, 400, 150, 400];

declare global {
  interface Window {
    vibrations?: number[][];
    notifications?: { title: string; body: string | undefined }[];
    pageHidden?: boolean;
  }
}

/** Runs in the phone's pages before Argus: records vibrations and notifications, and lets the test hide the page. */
function observeAttention() {
  window.vibrations = [];
  window.notifications = [];
  window.pageHidden = false;
  Navigator.prototype.vibrate = function vibrate(pattern: number | Iterable<number>) {
    window.vibrations!.push(typeof pattern === 'number' ? [pattern] : [...pattern]);
    return true;
  };
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function showNotification(title: string, options?: NotificationOptions) {
    window.notifications!.push({ title, body: options?.body });
    return show.call(this, title, options);
  };
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (window.pageHidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.pageHidden === true });
}

let browser: Browser;
let desk: BrowserContext;
let command: Page;
let phone: BrowserContext;
let field: Page;
let unitId: string;
let incidentTitle: string;

async function freeTheUnit(): Promise<void> {
  const { body } = await callApi(command, 'GET', `/dispatches?active=true&unitId=${unitId}`);
  for (const assignment of body.assignments as { id: string; status: string }[]) {
    const status = assignment.status === 'on_scene' ? 'cleared' : 'cancelled';
    await callApi(command, 'POST', `/dispatches/${assignment.id}/status`, { clientId: crypto.randomUUID(), status });
  }
}

const setHidden = (hidden: boolean) =>
  field.evaluate((value) => {
    window.pageHidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

beforeAll(async () => {
  browser = await launchBrowser();
  desk = await newContext(browser, { desktop: true });
  command = await desk.newPage();
  await signIn(command, 'Command_Admin');
  await command.waitForURL((url) => url.pathname !== '/login');
  const units = (await callApi(command, 'GET', '/units')).body.units as { id: string; callsign: string; emergency: unknown }[];
  unitId = units.find((unit) => unit.callsign === E2E_UNIT.callsign)!.id;
  if (units.find((unit) => unit.id === unitId)!.emergency) await callApi(command, 'POST', `/units/${unitId}/sos/clear`, {});
  await freeTheUnit();

  phone = await newContext(browser);
  const origin = siteUrl(FIELD_HOST, '');
  await phone.grantPermissions(['geolocation', 'notifications'], { origin });
  await phone.setGeolocation(HERE);
  await phone.addInitScript(observeAttention);
  field = await phone.newPage();
  await signIn(field, 'Field_Unit', FIELD_HOST);
  await field.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('the field phone', () => {
  it('shares its position by default while on duty, says so at the top, and pauses with one tap', async () => {
    // An earlier visit on another context may have paused it; this context starts with empty storage.
    expect(await field.getByRole('switch', { name: 'Share my position' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => field.getByText('Sharing your position with command').isVisible(), SOON).toBe(true);
    const position = async () =>
      (await callApi(command, 'GET', '/units')).body.units.find((unit: { id: string }) => unit.id === unitId).position?.location ?? null;
    await expect.poll(position, SOON).toMatchObject({ lat: HERE.latitude, lon: HERE.longitude });
    await screenshot(field, 'field-phone-sharing');

    await field.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => field.getByText('Position sharing paused').isVisible(), SOON).toBe(true);
    expect(await field.getByRole('switch', { name: 'Share my position' }).getAttribute('aria-checked')).toBe('false');
    await field.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect.poll(() => field.getByText('Sharing your position with command').isVisible(), SOON).toBe(true);
  });

  it('with location blocked, says at the top that nothing is shared rather than "sharing"', async () => {
    const blocked = await newContext(browser);
    try {
      const page = await blocked.newPage();
      await signIn(page, 'Field_Unit', FIELD_HOST);
      await page.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByText('Position not shared: this phone gives no location').isVisible(), SOON).toBe(true);
      expect(await page.getByText('Sharing your position with command').count()).toBe(0);
      // The position panel comes with the later panels, after the strip (docs/decisions/0050-field-first-load.md).
      await expect
        .poll(() => page.getByText('Location is blocked for this site. Allow it in the browser settings.').isVisible(), SOON)
        .toBe(true);
    } finally {
      await blocked.close();
    }
  });

  it('rings for a new assignment: vibrates, and shows a notification while Argus is in the background', async () => {
    await field.evaluate(() => {
      window.vibrations = [];
      window.notifications = [];
    });
    await setHidden(true);
    incidentTitle = `Gas smell at the bakery ${Date.now()}`;
    const created = await callApi(command, 'POST', '/incidents', {
      title: incidentTitle,
      category: 'hazmat',
      severity: 'high',
      location: INCIDENT_LOCATION,
      description: 'Strong smell of gas from the cellar.',
    });
    expect(created.status).toBe(201);
    const dispatched = await callApi(command, 'POST', `/incidents/${created.body.incident.id}/dispatch`, { unitIds: [unitId] });
    expect(dispatched.status).toBe(201);

    await expect.poll(() => field.evaluate(() => window.vibrations), SOON).toContainEqual(ASSIGNMENT_PULSES);
    await expect.poll(() => field.evaluate(() => window.notifications!.map((shown) => shown.title)), SOON).toContain('New assignment');
    await setHidden(false);
    await expect.poll(() => field.getByText(incidentTitle).isVisible(), { timeout: 30_000 }).toBe(true);
    // Each milestone's label on one line: the page's break-word wrap once cut "Acknowledg / e".
    const labelLines = await field
      .getByRole('group', { name: 'Assignment milestones' })
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return `${button.textContent}: ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
        }),
      );
    expect(labelLines).toEqual(['Acknowledge: 1', 'En route: 1', 'On scene: 1', 'Clear: 1']);
    await screenshot(field, 'field-phone-assignment');
  });

  it('rings for a message from command, and with the page in view shows no notification', async () => {
    await field.evaluate(() => {
      window.vibrations = [];
      window.notifications = [];
    });
    const body = `Gas board on the way, keep people back ${Date.now()}`;
    const sent = await callApi(command, 'POST', '/messages', { clientId: crypto.randomUUID(), channel: 'unit', targetId: unitId, body });
    expect(sent.status).toBe(201);
    const thread = field.getByRole('region', { name: 'Messages' });
    await expect.poll(() => thread.getByText(body).isVisible(), SOON).toBe(true);
    await expect.poll(() => field.evaluate(() => window.vibrations!.length), SOON).toBeGreaterThan(0);
    expect(await field.evaluate(() => window.notifications)).toEqual([]);
  });

  it('lets the crew switch the vibration off on this phone, and says no push reaches it while closed on this server', async () => {
    const panel = field.getByRole('region', { name: 'Ring, vibrate and notify' });
    await expect.poll(() => panel.getByText('This browser shows Argus notifications.').isVisible(), SOON).toBe(true);
    // The browser tests' server has no VAPID keys.
    await expect.poll(() => panel.getByText(/^This server sends no Web Push/).isVisible(), SOON).toBe(true);
    await panel.getByLabel('Vibrate').uncheck();
    await field.evaluate(() => {
      window.vibrations = [];
    });
    const body = `All units: bridge closed ${Date.now()}`;
    expect((await callApi(command, 'POST', '/messages', { clientId: crypto.randomUUID(), channel: 'broadcast', body })).status).toBe(201);
    await expect.poll(() => field.getByRole('region', { name: 'Messages' }).getByText(body).isVisible(), SOON).toBe(true);
    expect(await field.evaluate(() => window.vibrations)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(field, 'field-phone-attention-panel');
    await panel.getByLabel('Vibrate').check();
  });

  it('opens with no signal after a reload showing its assignment and messages "as of" when they were fetched, and catches up on reconnect', async () => {
    const thread = field.getByRole('region', { name: 'Messages' });
    const earlier = await thread.getByRole('list', { name: 'Messages' }).textContent();
    expect(earlier).toContain('Gas board on the way');

    // The app shell must be installed for the page to open again with no network.
    await field.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await field.reload();
    await expect.poll(() => field.evaluate(() => navigator.serviceWorker.controller !== null), SOON).toBe(true);
    await field.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 30_000 });
    await expect.poll(() => field.getByText(incidentTitle).isVisible(), SOON).toBe(true);
    await expect.poll(() => thread.getByText('Gas board on the way').isVisible(), SOON).toBe(true);
    // The persister writes at most once a second.
    await field.waitForTimeout(1_500);

    await phone.setOffline(true);
    await field.reload();
    await field.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 30_000 });
    const assignment = field.getByRole('region', { name: 'Assignment', exact: true });
    await expect.poll(() => assignment.getByText(incidentTitle).isVisible(), SOON).toBe(true);
    await expect.poll(() => assignment.getByText(/^as of \d/).isVisible(), SOON).toBe(true);
    await expect.poll(() => thread.getByText('Gas board on the way').isVisible(), SOON).toBe(true);
    await expect.poll(() => thread.getByText(/^as of \d/).isVisible(), SOON).toBe(true);
    // With no signal the strip does not claim that command follows the phone.
    await expect
      .poll(() => field.getByText('Position kept on this phone: command sees it when the signal returns').isVisible(), SOON)
      .toBe(true);
    expect(await field.getByText('Sharing your position with command').count()).toBe(0);
    await screenshot(field, 'field-phone-offline-reload');

    // Command writes while the phone has no signal; it arrives once the signal returns, and the marks go.
    const later = `Gas board arrived ${Date.now()}`;
    expect(
      (await callApi(command, 'POST', '/messages', { clientId: crypto.randomUUID(), channel: 'unit', targetId: unitId, body: later }))
        .status,
    ).toBe(201);
    await phone.setOffline(false);
    await field.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => thread.getByText(later).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => field.getByText(/^as of \d/).count(), { timeout: 30_000 }).toBe(0);
    expect(await thread.getByText('Gas board on the way').isVisible()).toBe(true);
    await expect.poll(() => field.getByText('Sharing your position with command').isVisible(), SOON).toBe(true);
    await screenshot(field, 'field-phone-reconnected');
  });
});
