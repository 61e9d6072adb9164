import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { mapReady, mapSettled } from '../support/map';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

const run = randomUUID().slice(0, 4).toUpperCase();

/** Edinburgh, away from the other files' units so nothing clusters with this file's. */
const MGRS_SCENE = '30U VH 88000 00500';
/** A unit, and a point 0.0054° (about 600 m) due south of it. */
const UNIT_AT = { lat: 55.9486, lon: -3.1999 };
const SOUTH_OF_UNIT = { lat: UNIT_AT.lat - 0.0054, lon: UNIT_AT.lon };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The view MapLibre keeps in the address: zoom, latitude, longitude. */
function viewInAddress(page: Page): { zoom: number; lat: number; lon: number } | null {
  const match = /^#([\d.]+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(new URL(page.url()).hash);
  return match ? { zoom: Number(match[1]), lat: Number(match[2]), lon: Number(match[3]) } : null;
}

async function goTo(page: Page, text: string) {
  const goToBox = page.locator('details', { has: page.getByText('Go to', { exact: true }) });
  if ((await goToBox.getAttribute('open')) === null) await goToBox.locator('summary').click();
  await goToBox.getByLabel(/^Coordinate (or place )?to go to$/).fill(text);
  await goToBox.getByRole('button', { name: 'Go', exact: true }).click();
}

/** Clicks the middle of the map, where "Go to" put the place. */
async function clickMapCentre(page: Page) {
  const box = (await page.locator('[data-operational-map]').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('coordinates', () => {
  it('places an incident typed as MGRS, goes to a DMS coordinate kept in the address, and measures range and bearing', async () => {
    context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname === '/');
    const callsign = `RB-${run}`;
    const { unit } = await callApiOk<{ unit: Unit }>(page, 'POST', '/units', { callsign, kind: 'patrol', members: [] });
    await callApiOk(page, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: UNIT_AT, heading: 0, speed: 0 });
    await page.goto(mainUrl('/command'));
    await expect.poll(() => heading(page).textContent()).toBe('Command Dashboard');
    await mapReady(page);

    // A new incident located by a grid reference: the form says how it read it, nonsense is refused.
    const panel = page.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: 'New incident' }).click();
    await panel.getByLabel('Title').fill(`Grid fire ${run}`);
    await panel.getByLabel('Category').fill('fire');
    const coordinate = panel.getByLabel('Or a coordinate (MGRS, UTM or degrees)');
    await coordinate.fill('91, 0');
    await panel.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('Latitude runs from 90° S to 90° N');
    expect(await panel.getByLabel('Latitude').inputValue()).toBe('');

    await coordinate.fill(MGRS_SCENE.toLowerCase());
    await expect.poll(() => panel.getByText(/^Read as MGRS /).textContent()).toMatch(/→ 55\.9\d+° N 3\.\d+° W$/);
    await panel.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => panel.getByLabel('Latitude').inputValue()).toMatch(/^55\.9\d{5}$/);
    const typed = {
      lat: Number(await panel.getByLabel('Latitude').inputValue()),
      lon: Number(await panel.getByLabel('Longitude').inputValue()),
    };
    expect(await panel.getByTestId('incident-draft-place').textContent()).toContain('MGRS 30U VH 88000 00500');
    await panel.getByRole('button', { name: 'Open incident' }).click();
    await expect.poll(() => panel.getByRole('heading', { name: `Grid fire ${run}` }).isVisible()).toBe(true);
    const { incidents } = await callApiOk<{ incidents: Incident[] }>(page, 'GET', '/incidents');
    const incident = incidents.find((item) => item.title === `Grid fire ${run}`)!;
    expect(incident.location.lat).toBeCloseTo(typed.lat, 6);
    expect(incident.location.lon).toBeCloseTo(typed.lon, 6);
    await expect
      .poll(() =>
        panel
          .getByText(/^MGRS 30U VH 8800\d 0050\d$/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // Go to a place written in degrees, minutes and seconds: the view goes into the address.
    await goTo(page, `55°56'55"N 3°11'60"W`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Seconds run from 0 to 59.' }).isVisible()).toBe(true);
    await goTo(page, `55°56'55"N 3°11'59.6"W`);
    const target = { lat: 55 + 56 / 60 + 55 / 3600, lon: -(3 + 11 / 60 + 59.6 / 3600) };
    await expect.poll(() => viewInAddress(page)?.lat ?? 0, { timeout: 10_000 }).toBeCloseTo(target.lat, 3);
    const shared = viewInAddress(page)!;
    expect(shared.lon).toBeCloseTo(target.lon, 3);
    expect(shared.zoom).toBeGreaterThanOrEqual(14);

    // The address is the view: a reload opens on it, not fitted to the data.
    await page.reload();
    await mapReady(page);
    await mapSettled(page);
    expect(viewInAddress(page)).toEqual(shared);
    const centre = async () => Number(/Centre\s*([\d.]+)° N/.exec((await page.getByTestId('map-readout').textContent()) ?? '')?.[1]);
    await expect.poll(centre).toBeCloseTo(target.lat, 3);

    // Range and bearing: from the unit to a place 600 m due south of it.
    await page.getByRole('button', { name: 'Range and bearing' }).click();
    const readout = page.getByTestId('range-bearing');
    await goTo(page, `${UNIT_AT.lat}, ${UNIT_AT.lon}`);
    await expect.poll(() => viewInAddress(page)?.lat ?? 0, { timeout: 10_000 }).toBeCloseTo(UNIT_AT.lat, 3);
    await mapSettled(page);
    await clickMapCentre(page);
    await expect.poll(() => readout.textContent()).toContain(`From ${callsign}.`);
    await goTo(page, `${SOUTH_OF_UNIT.lat} ${SOUTH_OF_UNIT.lon}`);
    await expect.poll(() => viewInAddress(page)?.lat ?? 0, { timeout: 10_000 }).toBeCloseTo(SOUTH_OF_UNIT.lat, 3);
    await mapSettled(page);
    await clickMapCentre(page);
    await expect.poll(() => readout.textContent()).toMatch(/\d+ m · \d{3}° true/);
    const [, metres = '', bearing = ''] = /(\d+) m · (\d{3})° true \(S\)/.exec((await readout.textContent()) ?? '') ?? [];
    // A click lands within a few pixels of the centre: metres at this zoom.
    expect(Math.abs(Number(metres) - 600)).toBeLessThan(25);
    expect(Math.abs(Number(bearing) - 180)).toBeLessThanOrEqual(2);
    expect(await readout.textContent()).toContain(`From ${callsign} to`);
    await screenshot(page, 'coordinates-range-bearing');

    // The scale bar reads metric.
    expect(await page.locator('.maplibregl-ctrl-scale').textContent()).toMatch(/^\d+\s?(m|km)$/);

    // A reader who prefers UTM sees UTM first wherever a coordinate is shown.
    await page.goto(mainUrl('/settings'));
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    await page.getByLabel('Show coordinates as').selectOption('utm');
    // A shared link opens on its view.
    await page.goto(`${mainUrl('/command')}#15/${UNIT_AT.lat}/${UNIT_AT.lon}`);
    await mapReady(page);
    await expect.poll(() => page.getByTestId('map-readout').textContent()).toMatch(/^Centre UTM 30U \d{6} \d{7}MGRS 30U VH/);
  });
});
