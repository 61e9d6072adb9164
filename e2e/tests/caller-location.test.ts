import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { sourceFeatures } from '../support/map';

/**
 * A location link for a caller with no app (issue 16, point 10,
 * docs/decisions/0046-caller-location-links.md): command makes a link on the incident, a phone
 * with no account opens it, shares once and then live, command sees the caller with the accuracy
 * on the incident and on the map, and after a revoke the caller's page says the link no longer works.
 */
const run = crypto.randomUUID().slice(0, 4).toUpperCase();
const LIVE = { timeout: 30_000 };
const FIRST = { latitude: 51.5034, longitude: -0.1196, accuracy: 15 };
const MOVED = { latitude: 51.504, longitude: -0.118, accuracy: 6 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function newPage(options: { desktop?: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** The "Caller" points the command map's callers source draws. */
async function callerPoints(page: Page) {
  const features = await sourceFeatures(page, 'callers').catch(() => []);
  return features
    .filter((feature) => feature.geometry.type === 'Point')
    .map((feature) => ({ label: feature.properties.label, coordinates: feature.geometry.coordinates as number[] }));
}

describe('caller location link', () => {
  it('lets a caller with no app share once and live, command sees it with its accuracy, and a revoke ends it', async () => {
    const { page: command } = await newPage({ desktop: true });
    await signIn(command, 'Command_Admin');
    await command.waitForURL((url) => url.pathname !== '/login');
    const title = `Caller lost on the heath ${run}`;
    await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
      title,
      category: 'rescue',
      severity: 'high',
      location: { lat: 51.5, lon: -0.12 },
    });
    await command.goto(mainUrl('/command'));
    const panel = command.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(title) }).click();
    await expect.poll(() => panel.getByRole('heading', { name: title }).isVisible(), LIVE).toBe(true);

    const callerSection = panel.getByRole('region', { name: 'Caller location' });
    await callerSection.getByLabel('Link open for (minutes)').fill('30');
    await callerSection.getByRole('button', { name: 'Make caller link' }).click();
    const address = callerSection.getByTestId('caller-link-address');
    await expect.poll(() => address.inputValue(), LIVE).toMatch(/\/l\/[A-Za-z0-9_-]{43}$/);
    const link = await address.inputValue();
    await expect.poll(() => callerSection.getByTestId('caller-link').first().textContent(), LIVE).toContain('Not opened yet');

    // The caller: a phone with no account, which agrees to share its position.
    const { context: phoneContext, page: phone } = await newPage({});
    await phoneContext.grantPermissions(['geolocation'], { origin: mainUrl('').replace(/\/$/, '') });
    await phoneContext.setGeolocation(FIRST);
    await phone.goto(link);
    await expect.poll(() => phone.getByRole('heading', { name: 'Share your location' }).isVisible(), LIVE).toBe(true);
    await expect.poll(() => phone.getByRole('button', { name: 'Share my location once' }).isVisible(), LIVE).toBe(true);
    expect(await phone.getByText(title).count()).toBe(0);
    await screenshot(phone, 'caller-phone-open');
    await phone.getByRole('button', { name: 'Share my location once' }).click();
    await expect.poll(() => phone.getByText(/accurate to about 15 m/).isVisible(), LIVE).toBe(true);

    const position = callerSection.getByTestId('caller-position').first();
    await expect.poll(() => position.textContent(), LIVE).toMatch(/Caller ±15 m/);
    await expect
      .poll(() => callerPoints(command), LIVE)
      .toEqual([{ label: 'Caller ±15 m', coordinates: [FIRST.longitude, FIRST.latitude] }]);
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.getByText('Caller shared location (±15 m)').isVisible(), LIVE).toBe(true);

    // Live: the caller moves and the map follows.
    await phoneContext.setGeolocation(MOVED);
    await phone.getByRole('button', { name: 'Share live for up to 30 minutes' }).click();
    await expect.poll(() => phone.getByText(/Sharing live until/).isVisible(), LIVE).toBe(true);
    await expect.poll(() => position.textContent(), LIVE).toMatch(/Caller ±6 m/);
    await expect.poll(() => callerSection.getByTestId('caller-link').first().textContent(), LIVE).toContain('Sharing live');
    await expect
      .poll(() => callerPoints(command), LIVE)
      .toEqual([{ label: 'Caller ±6 m', coordinates: [MOVED.longitude, MOVED.latitude] }]);
    await screenshot(phone, 'caller-phone-live');
    await screenshot(command, 'caller-command-desktop');

    // Revoked: the caller's next live position is refused, and the page says so plainly.
    await callerSection.getByRole('button', { name: 'Revoke link' }).click();
    await expect.poll(() => callerSection.getByTestId('caller-link').first().textContent(), LIVE).toContain('Revoked');
    await expect.poll(() => phone.getByTestId('caller-ended').textContent(), LIVE).toContain('This location link no longer works');
    expect(await phone.getByRole('button', { name: 'Share my location once' }).count()).toBe(0);
    await screenshot(phone, 'caller-phone-revoked');
    await phone.reload();
    await expect.poll(() => phone.getByTestId('caller-ended').textContent(), LIVE).toContain('it was withdrawn');
  });

  it('shows command the caller on a phone-sized dashboard too', async () => {
    const { page: command } = await newPage({});
    await signIn(command, 'Command_Admin');
    await command.waitForURL((url) => url.pathname !== '/login');
    const title = `Caller in the park ${run}`;
    const { incident } = await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
      title,
      category: 'medical',
      severity: 'medium',
      location: { lat: 51.52, lon: -0.1 },
    });
    const { path } = await callApiOk<{ path: string }>(command, 'POST', `/incidents/${incident.id}/caller-links`, {});
    // The caller's phone needs nothing but the address: a plain request with no session shares.
    const shared = await fetch(mainUrl(`/caller/${path.slice('/l/'.length)}/position`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lat: 51.5215, lon: -0.1012, accuracy: 40, mode: 'once' }),
    });
    expect(shared.status).toBe(200);

    await command.goto(mainUrl('/command'));
    await expect.poll(() => callerPoints(command), LIVE).toContainEqual({ label: 'Caller ±40 m', coordinates: [-0.1012, 51.5215] });
    const panel = command.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(title) }).click();
    const callerSection = panel.getByRole('region', { name: 'Caller location' });
    await expect.poll(() => callerSection.getByTestId('caller-position').first().textContent(), LIVE).toMatch(/Caller ±40 m/);
    await callerSection.scrollIntoViewIfNeeded();
    await screenshot(command, 'caller-command-phone');

    // One link, one caller: another browser opening it is told so, and offered nothing to share.
    const { page: other } = await newPage({ desktop: true });
    await other.goto(mainUrl(path));
    await expect.poll(() => other.getByTestId('caller-ended').textContent(), LIVE).toContain('already being used on another phone');
    expect(await other.getByRole('button', { name: 'Share my location once' }).count()).toBe(0);
    await screenshot(other, 'caller-desktop-elsewhere');
  });
});
