import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Unit } from '@argus/contracts/http/units';
import type { Incident } from '@argus/contracts/http/incidents';
import { UNIT_KINDS, type UnitKind } from '@argus/contracts/units';
import { callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { imageIds, layerIds, mapSettled, sourceFeatures } from '../support/map';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

/** Callsigns unique to this run, so the file can share a server with the rest of the suite. */
// New for every test and every retry of one: a retried test would otherwise meet the callsigns its first try made.
let run = randomUUID().slice(0, 4).toUpperCase();
beforeEach(() => {
  run = randomUUID().slice(0, 4).toUpperCase();
});
const callsign = (name: string) => `${name}-${run}`;

/** Central London: the incident, and units 0.6, 3 and 9 km from it. */
const SCENE = { lat: 51.5072, lon: -0.1276 };
const NEAR = { lat: 51.5126, lon: -0.1276 };
const MIDDLE = { lat: 51.5342, lon: -0.1276 };
const FAR = { lat: 51.5881, lon: -0.1276 };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** Waits for what the page does itself (a render, a focus move), and for its first load of data. */
const SOON = { timeout: 10_000 };
const LOADED = { timeout: 30_000 };

/** Every URL each page asked for: the map must need nothing beyond its own origin. */
const requested = new WeakMap<Page, string[]>();

/** Signs in as Command_Admin, runs `before` on the home page (API set-up), then opens /command. */
async function openCommand(options: { desktop: boolean }, before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  const urls: string[] = [];
  requested.set(page, urls);
  page.on('request', (request) => urls.push(request.url()));
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname === '/');
  await before?.(page);
  await page.goto(mainUrl('/command'));
  await expect.poll(() => heading(page).textContent()).toBe('Command Dashboard');
  return page;
}

async function createUnit(
  page: Page,
  name: string,
  at: { lat: number; lon: number },
  heading = 90,
  kind: UnitKind = 'patrol',
): Promise<Unit> {
  const { unit } = await callApiOk<{ unit: Unit }>(page, 'POST', '/units', { callsign: name, kind, members: [] });
  await moveUnit(page, unit.id, at, heading);
  return unit;
}

async function moveUnit(page: Page, unitId: string, at: { lat: number; lon: number }, heading = 90): Promise<void> {
  await callApiOk(page, 'POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: at, heading, speed: 8 });
}

/** Where the map's units source draws one unit, read from the live MapLibre instance. */
async function mapPosition(page: Page, name: string): Promise<[number, number] | null> {
  const features = await sourceFeatures(page, 'units');
  return (features.find((item) => item.properties.callsign === name)?.geometry.coordinates as [number, number] | undefined) ?? null;
}

describe('command dashboard', () => {
  it('draws the offline map, opens an incident, dispatches the nearest unit and follows it live', async () => {
    let near: Unit | undefined;
    const page = await openCommand({ desktop: true }, async (home) => {
      near = await createUnit(home, callsign('NEAR'), NEAR, 180);
      await createUnit(home, callsign('MID'), MIDDLE);
      await createUnit(home, callsign('FAR'), FAR);
    });
    const map = page.locator('[data-operational-map]');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    expect(await map.locator('canvas').count()).toBe(1);
    expect(await layerIds(page)).toEqual(
      expect.arrayContaining([
        'basemap-land',
        'basemap-borders',
        'units-point',
        'units-label',
        'incidents-symbol',
        'alerts-symbol',
        'reports-symbol',
        'emergencies-point',
        'emergencies-label',
      ]),
    );
    await expect.poll(() => mapPosition(page, callsign('NEAR'))).toEqual([NEAR.lon, NEAR.lat]);
    // Offline by design: no tile, glyph or style server; callsigns are drawn from the bundled font.
    await mapSettled(page);
    const urls = requested.get(page)!;
    expect(urls.filter((url) => new URL(url).origin !== new URL(page.url()).origin)).toEqual([]);
    expect(urls.some((url) => /noto-sans-latin-700-normal.*\.woff2$/.test(url))).toBe(true);
    expect(urls.some((url) => /maplibre-gl-worker.*\.mjs$/.test(url))).toBe(true);

    // A new incident, placed by picking on the map, then put exactly on the scene by typing.
    const panel = page.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: 'New incident' }).click();
    await panel.getByLabel('Title').fill(`Warehouse fire ${run}`);
    await panel.getByLabel('Category').fill('fire');
    await panel.getByLabel('Severity').selectOption('high');
    await panel.getByRole('button', { name: 'Pick on the map' }).click();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => panel.getByLabel('Latitude').inputValue()).not.toBe('');
    await panel.getByLabel('Latitude').fill(String(SCENE.lat));
    await panel.getByLabel('Longitude').fill(String(SCENE.lon));
    await panel.getByRole('button', { name: 'Open incident' }).click();
    await expect.poll(() => panel.getByRole('heading', { name: `Warehouse fire ${run}` }).isVisible()).toBe(true);
    // Drawn as a fire incident of high severity: the symbol is made when the map first shows it.
    await expect.poll(() => imageIds(page), { timeout: 10_000 }).toContain('argus-incident-fire-high');

    // Available units nearest first, with distance and a rough ETA.
    const dispatch = panel.getByRole('region', { name: 'Dispatch' });
    const choices = dispatch.getByRole('checkbox');
    await expect.poll(() => dispatch.getByText(callsign('FAR'), { exact: true }).count()).toBe(1);
    // The ETAs come with the dispatch table, which may still be on its way when the units are listed.
    await expect.poll(() => dispatch.getByText(/600 m · ≈ 1 min straight-line/).count()).toBe(1);
    const order = await dispatch.locator('li').allTextContents();
    const rank = (name: string) => order.findIndex((text) => text.includes(name));
    expect(rank(callsign('NEAR'))).toBeLessThan(rank(callsign('MID')));
    expect(rank(callsign('MID'))).toBeLessThan(rank(callsign('FAR')));
    expect(order[rank(callsign('NEAR'))]).toMatch(/600 m · ≈ 1 min straight-line/);
    expect(await choices.count()).toBeGreaterThanOrEqual(3);
    await mapSettled(page);
    await screenshot(page, 'command-desktop-dispatch');

    await dispatch.getByRole('checkbox', { name: new RegExp(callsign('NEAR')) }).check();
    await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
    await expect.poll(() => dispatch.getByRole('status').textContent()).toContain(`Dispatched ${callsign('NEAR')}`);
    const assigned = panel.getByRole('region', { name: 'Units on this incident' });
    await expect.poll(() => assigned.textContent()).toContain(callsign('NEAR'));
    await expect.poll(() => panel.getByRole('region', { name: 'Timeline' }).textContent()).toContain(`${callsign('NEAR')} assigned`);

    // Someone else moves the assignment on: the page follows without a reload.
    const incidents = await callApiOk<{ incidents: Incident[] }>(page, 'GET', '/incidents?status=dispatched');
    const incident = incidents.incidents.find((item) => item.title === `Warehouse fire ${run}`)!;
    const { assignments } = await callApiOk<{ assignments: Array<{ id: string; unitId: string }> }>(
      page,
      'GET',
      `/dispatches?incidentId=${incident.id}`,
    );
    const assignment = assignments.find((item) => item.unitId === near!.id)!;
    await callApiOk(page, 'POST', `/dispatches/${assignment.id}/status`, { clientId: randomUUID(), status: 'en_route' });
    await expect.poll(() => assigned.textContent(), { timeout: 10_000 }).toContain('En route');
    await expect.poll(() => panel.getByRole('region', { name: 'Timeline' }).textContent()).toContain(`${callsign('NEAR')} en route`);

    // A position posted through the API moves the unit on the map.
    const moved = { lat: 51.509, lon: -0.1276 };
    await moveUnit(page, near!.id, moved, 180);
    await expect.poll(() => mapPosition(page, callsign('NEAR')), { timeout: 10_000 }).toEqual([moved.lon, moved.lat]);

    // A message to every unit, listed once the server has it.
    await page.getByRole('tab', { name: 'Broadcast' }).click();
    await panel.getByLabel('Message').fill(`All units: road closed at the bridge ${run}`);
    await panel.getByRole('button', { name: 'Send to all units' }).click();
    await expect.poll(() => panel.getByRole('status').filter({ hasText: 'Sent to all units.' }).count()).toBe(1);
    await expect
      .poll(() => panel.getByRole('region', { name: 'Recent broadcasts' }).textContent())
      .toContain(`road closed at the bridge ${run}`);

    await page.getByRole('tab', { name: /Incidents/ }).click();
    await mapSettled(page);
    await screenshot(page, 'command-desktop');
    await page.locator('summary', { hasText: 'Legend' }).click();
    // Every unit kind with its symbol, and every status by letter as well as colour.
    const unitKinds = page.getByRole('list', { name: 'Unit kinds' });
    await expect
      .poll(() => unitKinds.getByRole('listitem').allTextContents())
      .toEqual(['Patrol', 'Fire', 'Medical', 'Rescue', 'Hazmat', 'Command', 'Drone', 'Other']);
    expect(
      await unitKinds.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toEqual(Array(8).fill(true));
    const statuses = await page.getByRole('list', { name: 'Unit status' }).getByRole('listitem').allTextContents();
    expect(statuses.slice(0, 7)).toEqual([
      'AAvailable',
      'DDispatched',
      'REn route',
      'SOn scene',
      'XOut of service',
      'OOffline',
      'SOSUnit in SOS: red symbol, whatever its status',
    ]);
    await expect.poll(() => page.getByRole('list', { name: 'Incident categories' }).getByRole('listitem').count()).toBe(12);
    expect(await page.getByRole('list', { name: 'Incident severity' }).getByRole('listitem').allTextContents()).toEqual([
      'LIncident: Low',
      'MIncident: Medium',
      'HIncident: High',
      'CIncident: Critical',
    ]);
    // Alerts and reports have their own symbols, and their states letters.
    await expect
      .poll(() => page.getByRole('list', { name: 'Alerts and reports' }).getByRole('listitem').allTextContents())
      .toEqual(['Alert', 'Civic report', 'Field report']);
    expect(await page.getByRole('list', { name: 'Report status' }).getByRole('listitem').count()).toBe(5);
    expect(await page.getByRole('list', { name: 'Alert severity' }).getByRole('listitem').count()).toBe(4);
    await screenshot(page, 'command-desktop-legend');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('puts a unit in SOS in front of command until it is cleared, on a phone', async () => {
    let unit: Unit | undefined;
    const page = await openCommand({ desktop: false }, async (home) => {
      unit = await createUnit(home, callsign('DELTA'), { lat: 51.52, lon: -0.1 });
    });
    const map = page.locator('[data-operational-map]');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => mapPosition(page, callsign('DELTA'))).toEqual([-0.1, 51.52]);
    await mapSettled(page);
    await screenshot(page, 'command-phone');
    await callApiOk(page, 'POST', `/units/${unit!.id}/sos`, { clientId: randomUUID() });

    const banner = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /SOS/ }) });
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain(callsign('DELTA'));
    await expect.poll(() => mapPosition(page, callsign('DELTA'))).toBeNull();
    // Its symbol (the seeded patrol code, law enforcement) in the SOS look, drawn once for the map when the emergency layer first asked for it.
    await expect.poll(() => imageIds(page), { timeout: 10_000 }).toContain('argus-unit-10031000002000000000-sos');
    await page.getByRole('tab', { name: /Units/ }).click();
    const firstRow = page.getByRole('region', { name: 'Operations' }).locator('tbody tr').first();
    await expect.poll(() => firstRow.textContent()).toContain('SOS');
    await mapSettled(page);
    await screenshot(page, 'command-phone-sos');
    expect(await seriousViolations(page)).toEqual([]);

    // Its critical alert waits in the feed; acknowledging it says someone is on it.
    await page.getByRole('tab', { name: /Alerts/ }).click();
    const alerts = page.getByRole('region', { name: /Alerts/ });
    await expect.poll(() => alerts.textContent()).toContain(`SOS: ${callsign('DELTA')}`);
    await alerts.getByRole('button', { name: `Acknowledge SOS: ${callsign('DELTA')}` }).click();
    await expect.poll(() => alerts.textContent()).toContain('Acknowledged');
    await screenshot(page, 'command-phone-alerts');

    await banner.getByRole('button', { name: `Clear SOS for ${callsign('DELTA')}` }).click();
    await banner.getByRole('button', { name: `Confirm: clear ${callsign('DELTA')} SOS` }).click();
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => mapPosition(page, callsign('DELTA'))).toEqual([-0.1, 51.52]);
    // Clearing the emergency resolves its alert too.
    await expect.poll(() => alerts.textContent(), { timeout: 10_000 }).not.toContain(`SOS: ${callsign('DELTA')}`);
  });

  it('queues the worst call first, filters by status and category, and moves with the keyboard', async () => {
    // A category of this run's own, so incidents other test files opened on the shared server stay out.
    const category = `queue-${run.toLowerCase()}`;
    const titles: Record<string, string> = {};
    const page = await openCommand({ desktop: true }, async (home) => {
      for (const severity of ['medium', 'critical', 'low', 'high'] as const) {
        titles[severity] = `${severity} call ${run}`;
        await callApiOk(home, 'POST', '/incidents', { title: titles[severity], category, severity, location: SCENE });
      }
    });
    const panel = page.getByRole('region', { name: 'Operations' });
    // The first load of the page's lists, on a machine that may be busy.
    await expect.poll(() => panel.getByLabel('Category').locator('option', { hasText: category }).count(), LOADED).toBe(1);
    await panel.getByLabel('Category').selectOption(category);
    const queue = panel.getByRole('list', { name: 'Incident queue' });
    await expect.poll(() => queue.getByRole('button').count(), SOON).toBe(4);
    const order = await queue.getByRole('button').allTextContents();
    expect(order.map((text) => ['critical', 'high', 'medium', 'low'].find((severity) => text.includes(titles[severity]!)))).toEqual([
      'critical',
      'high',
      'medium',
      'low',
    ]);
    expect(await panel.getByText('Showing 4 of').isVisible()).toBe(true);
    await panel.getByLabel('Status').selectOption('dispatched');
    await expect.poll(() => panel.getByText('No open incidents match these filters.').isVisible(), SOON).toBe(true);
    await panel.getByLabel('Status').selectOption('all');

    // One tab stop for the whole list; the arrows walk it and Enter opens the focused incident.
    await queue.getByRole('button').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByRole('heading', { name: titles.high }).isVisible(), SOON).toBe(true);
    await panel.getByRole('button', { name: 'All open incidents' }).click();
    // The filter is kept across opening an incident.
    expect(await panel.getByLabel('Category').inputValue()).toBe(category);
    await screenshot(page, 'command-queue-filtered');

    // The dispatcher's keyboard: j and k walk the (filtered) queue, ? lists the keys, n opens a new incident.
    await page.locator('body').press('j');
    await expect.poll(() => panel.getByRole('heading', { name: titles.critical }).isVisible(), SOON).toBe(true);
    await page.locator('body').press('j');
    await expect.poll(() => panel.getByRole('heading', { name: titles.high }).isVisible(), SOON).toBe(true);
    await page.locator('body').press('k');
    await expect.poll(() => panel.getByRole('heading', { name: titles.critical }).isVisible(), SOON).toBe(true);
    await page.locator('body').press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible(), SOON).toBe(true);
    expect(await help.textContent()).toContain('Next incident in the queue');
    await screenshot(page, 'command-shortcuts');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count(), SOON).toBe(0);
    // "/" opens the map's Go to with the keyboard in it.
    await page.locator('body').press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('details')?.querySelector('summary')?.textContent ?? ''), SOON)
      .toContain('Go to');
    await page.keyboard.press('Escape');
    await page.locator('body').press('n');
    await expect.poll(() => panel.getByRole('button', { name: 'Open incident' }).isVisible(), SOON).toBe(true);
    // Typing in a field is typing: 'j' goes into the title, not to the queue.
    await panel.getByLabel('Title').fill('');
    await panel.getByLabel('Title').press('j');
    expect(await panel.getByLabel('Title').inputValue()).toBe('j');
  });

  it('keeps the callsigns of a crowded district apart, beside their symbols, on a phone and a desktop', async () => {
    // 48 units within about a kilometre, and one of them in SOS: more callsigns than there is room for.
    const centre = { lat: 51.4545, lon: -0.9731 };
    let sos: Unit | undefined;
    const page = await openCommand({ desktop: true }, async (home) => {
      for (let index = 0; index < 48; index += 1) {
        const at = { lat: centre.lat + ((index % 8) - 3.5) * 0.0016, lon: centre.lon + (Math.floor(index / 8) - 2.5) * 0.0026 };
        const unit = await createUnit(home, callsign(`C${index}`), at, (index * 45) % 360, UNIT_KINDS[index % UNIT_KINDS.length]!);
        if (index === 27) sos = unit;
      }
      await callApiOk(home, 'POST', `/units/${sos!.id}/sos`, { clientId: randomUUID() });
    });
    const map = page.locator('[data-operational-map]');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect
      .poll(async () => (await sourceFeatures(page, 'units')).filter((item) => String(item.properties.callsign).endsWith(run)).length)
      .toBeGreaterThanOrEqual(47);
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The view is kept in the address: open the district at street zoom.
      await page.goto(mainUrl(`/command#14/${centre.lat}/${centre.lon}`));
      await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
      await mapSettled(page);
      await map.scrollIntoViewIfNeeded();
      await screenshot(page, `command-${name}-crowded`);
    }
    // Cleared, so no other test of the suite meets this SOS.
    await callApiOk(page, 'POST', `/units/${sos!.id}/sos/clear`);
  });
});
