import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { mapReady, mapSettled, sourceFeatures } from '../support/map';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 15_000 };

/** North-east of Paris, away from the zones file's Île de la Cité. */
const CORNERS = ['31U DQ 60000 30000', '31U DQ 62000 30000', '31U DQ 62000 32000', '31U DQ 60000 32000'];
/** The same corners in degrees (from the `mgrs` package): grid north is not true north here, so no two share a longitude. */
const CORNER_DEGREES = [
  { lat: 49.0215943, lon: 2.4528916 },
  { lat: 49.0217207, lon: 2.4802462 },
  { lat: 49.0397111, lon: 2.4800588 },
  { lat: 49.0395846, lon: 2.4526943 },
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signedIn(options: { desktop?: boolean }): Promise<Page> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

describe('coordinates typed where places are entered', () => {
  it('outlines a zone by MGRS corners, refusing too few and a crossing outline, and saves it', async () => {
    const page = await signedIn({ desktop: true });
    await page.goto(mainUrl('/ungoverned-zones'));
    await expect.poll(() => heading(page).textContent(), SOON).toBe('Ungoverned Zones');
    await mapReady(page);
    await page.getByRole('button', { name: 'Draw a new zone' }).click();
    const form = page.getByRole('region', { name: 'New zone' });
    await form.getByLabel('Name').fill(`Typed outline ${run}`);
    const add = async (text: string) => {
      await form.getByLabel('Add a corner (MGRS, UTM or degrees)').fill(text);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
    };

    await add('31U DQ 600');
    await expect.poll(() => form.getByRole('alert').first().textContent()).toMatch(/\S/);
    await add(CORNERS[0]!);
    await add(CORNERS[1]!);
    await form.getByRole('button', { name: 'Save zone' }).click();
    await expect
      .poll(() => form.getByRole('alert').last().textContent())
      .toBe('The zone was not saved: A zone needs at least 3 corners; it has only 2.');
    // Corners 3 and 4 the wrong way round: a figure of eight.
    await add(CORNERS[3]!);
    await add(CORNERS[2]!);
    expect(await form.getByRole('listitem', { name: 'Corner 4' }).textContent()).toContain('49.03971° N 2.48006° E');
    await form.getByRole('button', { name: 'Save zone' }).click();
    await expect.poll(() => form.getByRole('alert').last().textContent()).toMatch(/^The zone was not saved: The outline crosses itself/);
    // The typed corners are on the map, numbered, and the map has gone to them (its view is in the address).
    await expect
      .poll(async () => (await sourceFeatures(page, 'zone-corners')).filter((feature) => feature.geometry.type === 'Point').length)
      .toBe(4);
    await expect.poll(() => Number(/^#[\d.]+\/([\d.]+)\//.exec(new URL(page.url()).hash)?.[1] ?? 0), SOON).toBeCloseTo(49.03, 1);
    await form.getByRole('button', { name: 'Move corner 4 up' }).click();
    await expect.poll(() => form.getByText('The outline is a valid zone.').count()).toBe(1);
    // terra-draw holds the outline now, to be dragged: the list and the map edit the same corners.
    await expect.poll(async () => (await sourceFeatures(page, 'td-polygon')).length).toBe(1);
    await mapSettled(page);
    await screenshot(page, 'coordinates-zone-corners');
    await form.getByRole('button', { name: 'Save zone' }).click();

    const detail = page.getByRole('region', { name: `Typed outline ${run}` });
    await expect.poll(() => detail.isVisible(), SOON).toBe(true);
    const zones = await callApiOk<{ zones: Array<{ name: string; bbox: [number, number, number, number] }> }>(
      page,
      'GET',
      '/zones?active=all',
    );
    const [west, south, east, north] = zones.zones.find((zone) => zone.name === `Typed outline ${run}`)!.bbox;
    const lons = CORNER_DEGREES.map((corner) => corner.lon);
    const lats = CORNER_DEGREES.map((corner) => corner.lat);
    expect(west).toBeCloseTo(Math.min(...lons), 5);
    expect(east).toBeCloseTo(Math.max(...lons), 5);
    expect(south).toBeCloseTo(Math.min(...lats), 5);
    expect(north).toBeCloseTo(Math.max(...lats), 5);
    await expect
      .poll(async () => (await sourceFeatures(page, 'zones')).map((feature) => feature.properties.name), SOON)
      .toContain(`Typed outline ${run}`);
    await mapSettled(page);
    await screenshot(page, 'coordinates-zone-saved');
  });

  it('places a camera by a coordinate typed in degrees, minutes and seconds', async () => {
    const page = await signedIn({ desktop: true });
    await page.goto(mainUrl('/surveillance-network'));
    await expect.poll(() => heading(page).textContent(), SOON).toBe('Surveillance Network');
    await page.getByRole('button', { name: 'Add camera or sensor' }).click();
    const form = page.getByRole('form', { name: 'New camera or sensor' });
    const name = `DMS camera ${run}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Or a coordinate (MGRS, UTM or degrees)').fill(`48°51'24"N 2°21'03"E`);
    await expect.poll(() => form.getByText(/^Read as degrees, minutes, seconds /).textContent()).toContain('48.85667° N 2.35083° E');
    await form.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => form.getByLabel('Latitude').inputValue()).toBe('48.856667');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: `Watch ${name}` }).isVisible(), SOON).toBe(true);
    const { cameras } = await callApiOk<{ cameras: { name: string; location: { lat: number; lon: number } }[] }>(page, 'GET', '/cameras');
    const camera = cameras.find((candidate) => candidate.name === name)!;
    expect(camera.location.lat).toBeCloseTo(48 + 51 / 60 + 24 / 3600, 5);
    expect(camera.location.lon).toBeCloseTo(2 + 21 / 60 + 3 / 3600, 5);
    await screenshot(page, 'coordinates-camera-dms');
  });

  it('on a phone, the open Go to box leaves the map controls and most of the map top free, and folds itself after going', async () => {
    const page = await signedIn({});
    // Far north, where a scale bar that ignored latitude would be wrong by a factor of three.
    await page.goto(`${mainUrl('/command')}#12/70/20`);
    await expect.poll(() => heading(page).textContent(), SOON).toBe('Command Dashboard');
    await mapReady(page);
    await mapSettled(page);

    const scale = page.locator('.maplibregl-ctrl-scale');
    const [, amount = '', unit = ''] = /^(\d+)\s?(m|km)$/.exec((await scale.textContent()) ?? '') ?? [];
    const metres = Number(amount) * (unit === 'km' ? 1000 : 1);
    const width = (await scale.boundingBox())!.width;
    // Web Mercator at zoom 12 (512-pixel tiles): metres per CSS pixel at latitude 70°.
    const metresPerPixel = (40_075_016.686 * Math.cos((70 * Math.PI) / 180)) / (512 * 2 ** 12);
    // The bar's border adds a pixel or two to its box.
    expect(Math.abs(metres / width - metresPerPixel) / metresPerPixel).toBeLessThan(0.03);

    const map = (await page.locator('[data-operational-map]').boundingBox())!;
    const goTo = page.locator('details', { has: page.getByText('Go to', { exact: true }) });
    await goTo.locator('summary').click();
    const box = (await goTo.boundingBox())!;
    const zoomIn = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    const legend = (await page
      .locator('details', { has: page.getByText('Legend', { exact: true }) })
      .locator('summary')
      .boundingBox())!;
    const overlaps = (a: typeof box, b: typeof box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(box, zoomIn)).toBe(false);
    expect(overlaps(box, legend)).toBe(false);
    // One row: it hides a strip, not the top of the map.
    expect(box.height).toBeLessThan(map.height * 0.2);
    await screenshot(page, 'coordinates-go-to-phone-open');

    await goTo.getByLabel(/^Coordinate (or place )?to go to$/).fill('69.5 19.5');
    await goTo.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => goTo.getAttribute('open'), SOON).toBeNull();
    await mapSettled(page);
    await screenshot(page, 'coordinates-go-to-phone-gone');

    // Escape closes it too.
    await goTo.locator('summary').click();
    await expect.poll(() => goTo.getAttribute('open'), SOON).not.toBeNull();
    // A toast still on screen (the sign-in's welcome) takes the first Escape, as layered dismissal does;
    // the next one closes the box.
    await expect
      .poll(async () => {
        if ((await goTo.getAttribute('open')) !== null) await page.keyboard.press('Escape');
        return goTo.getAttribute('open');
      }, SOON)
      .toBeNull();
  });
});
