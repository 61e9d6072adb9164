import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';
import { liveMap, mapReady, mapView } from '../support/map';

/**
 * Issue 19, point 2: maps with nothing on them opened on the Sahara. An administrator sets the home
 * area in Settings › Maps; the surveillance map with no cameras and the civic "Pick on the map" then
 * open there, on a phone and on a desktop (docs/decisions/0058-home-area.md).
 */
const CIVIC_HOST = 'civic.localhost';
const LONDON = { lat: 51.5074, lon: -0.1278 };
const SOON = { timeout: 20_000 };

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

let browser: Browser;
let admin: Page;

/** The centre of a box as Web Mercator (the maps' projection) shows it. */
function centreOf(box: Box): { lat: number; lon: number } {
  const toY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const fromY = (y: number) => (Math.atan(Math.exp(y)) * 360) / Math.PI - 90;
  return { lat: fromY((toY(box.south) + toY(box.north)) / 2), lon: (box.west + box.east) / 2 };
}

async function expectMapCentredOn(page: Page, centre: { lat: number; lon: number }): Promise<void> {
  await mapReady(page);
  const view = await mapView(page);
  expect(Math.abs(view.lat - centre.lat)).toBeLessThan(0.005);
  expect(Math.abs(view.lon - centre.lon)).toBeLessThan(0.005);
  // A district, not the world view the maps opened on before.
  expect(view.zoom).toBeGreaterThan(8);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await (await newContext(browser, { desktop: true })).newPage();
  await signIn(admin, 'Command_Admin');
  await admin.waitForURL((url) => url.pathname !== '/login');
}, 60_000);

afterAll(async () => {
  // The browser tests share one server: leave the maps as the other tests expect them.
  if (admin) await callApi(admin, 'PUT', '/map/home-area', { area: null });
  await browser?.close();
});

describe('the home area', () => {
  it('is set in Settings › Maps from the small map’s view, and the surveillance map and the civic map pick open there', async () => {
    await admin.goto(mainUrl('/settings#maps'));
    const section = admin.getByRole('region', { name: 'Home area' });
    await expect.poll(() => section.getByRole('button', { name: 'Use the current map view' }).isEnabled(), SOON).toBe(true);

    // The administrator moves the small map over London, as panning and zooming would.
    const map = await liveMap(admin, '#home-area');
    await map.evaluate(
      (live, at) =>
        new Promise<void>((resolve) => {
          const moving = live as unknown as { jumpTo(options: object): void; once(event: string, handler: () => void): void };
          moving.once('moveend', () => resolve());
          moving.jumpTo({ center: [at.lon, at.lat], zoom: 11 });
        }),
      LONDON,
    );
    await map.dispose();
    await section.getByRole('button', { name: 'Use the current map view' }).click();
    await expect
      .poll(() => admin.getByText('Home area saved', { exact: true }).filter({ visible: true }).first().isVisible(), SOON)
      .toBe(true);
    await expect.poll(() => section.getByTestId('home-area-state').getAttribute('data-source'), SOON).toBe('set');
    await screenshot(admin, 'home-area-settings-desktop');

    const saved = await callApiOk<{ area: Box; source: string; updatedAt: unknown }>(admin, 'GET', '/map/home-area');
    expect(saved.source).toBe('set');
    const savedAgainFrom = saved.updatedAt;
    const centre = centreOf(saved.area);
    expect(Math.abs(centre.lat - LONDON.lat)).toBeLessThan(0.01);
    expect(Math.abs(centre.lon - LONDON.lon)).toBeLessThan(0.01);

    // Opened again, the small map shows the whole outline with room around it, and keeping its
    // view unmoved saves the same area, not the larger padded view. (A reload: going to the same
    // address with its #maps would only scroll, leaving the map as it was moved.)
    await admin.reload();
    await expect.poll(() => section.getByRole('button', { name: 'Use the current map view' }).isEnabled(), SOON).toBe(true);
    const reopened = await liveMap(admin, '#home-area');
    const margins = await reopened.evaluate((live, box) => {
      if (!live) throw new Error('The small map has not loaded.');
      const canvas = (live as unknown as { getCanvas(): HTMLCanvasElement }).getCanvas();
      const topLeft = live.project([box.west, box.north]);
      const bottomRight = live.project([box.east, box.south]);
      return [topLeft.x, topLeft.y, canvas.clientWidth - bottomRight.x, canvas.clientHeight - bottomRight.y];
    }, saved.area);
    await reopened.dispose();
    for (const margin of margins) expect(margin).toBeGreaterThan(4);
    await screenshot(admin, 'home-area-settings-reopened-desktop', admin.locator('#home-area'));
    await section.getByRole('button', { name: 'Use the current map view' }).click();
    await expect
      .poll(async () => (await callApiOk<{ updatedAt: unknown }>(admin, 'GET', '/map/home-area')).updatedAt, SOON)
      .not.toBe(savedAgainFrom);
    const resaved = await callApiOk<{ area: Box }>(admin, 'GET', '/map/home-area');
    expect(resaved.area).toEqual(saved.area);

    // The surveillance map opens on the home area, whatever cameras other tests have placed
    // (docs/decisions/0058-home-area.md: a map with no subject of its own does not fit its data).
    await admin.goto(mainUrl('/surveillance-network'));
    await expectMapCentredOn(admin, centre);
    await screenshot(admin, 'home-area-surveillance-desktop');

    const phone = await (await newContext(browser)).newPage();
    await signIn(phone, 'Command_Admin');
    await phone.waitForURL((url) => url.pathname !== '/login');
    await phone.goto(mainUrl('/surveillance-network'));
    await expectMapCentredOn(phone, centre);
    await screenshot(phone, 'home-area-surveillance-phone');

    // A civic reporter's "Pick on the map", before any place is chosen, on a phone and a desktop.
    for (const desktop of [false, true]) {
      const reporter = await (await newContext(browser, { desktop })).newPage();
      await signIn(reporter, 'Civic_Reporter', CIVIC_HOST);
      await reporter.waitForURL((url) => url.pathname !== '/login');
      await reporter.goto(siteUrl(CIVIC_HOST, '/civic-reporter'));
      await reporter.getByRole('button', { name: 'Pick on the map' }).click();
      await expectMapCentredOn(reporter, centre);
      await reporter.locator('[data-operational-map]').scrollIntoViewIfNeeded();
      await screenshot(reporter, `home-area-civic-pick-${desktop ? 'desktop' : 'phone'}`);
      await reporter.context().close();
    }

    // Cleared, the maps open on what is on them again (here nothing: the notice says so to administrators).
    await admin.goto(mainUrl('/settings#maps'));
    await section.getByRole('button', { name: 'Clear' }).click();
    await expect
      .poll(() => admin.getByText('Home area cleared', { exact: true }).filter({ visible: true }).first().isVisible(), SOON)
      .toBe(true);
    const cleared = await callApiOk<{ source: string }>(admin, 'GET', '/map/home-area');
    expect(cleared.source).not.toBe('set');
    if (cleared.source === 'none') {
      await phone.goto(mainUrl('/surveillance-network'));
      await mapReady(phone);
      await expect.poll(() => phone.getByTestId('no-home-area').textContent(), SOON).toContain('No home area is set');
      await screenshot(phone, 'home-area-none-phone');
    }
    await phone.context().close();
  }, 180_000);
});
