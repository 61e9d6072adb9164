import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { zippedShapefile } from '../../apps/server/test/fixtures/zones/shapefile';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { layerIds, liveMap, mapReady, mapSettled, renderedFeatures, sourceFeatures } from '../support/map';

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Names unique to this run, so the file can share a server with the rest of the suite. */
const run = randomUUID().slice(0, 4).toUpperCase();
const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/zones');
const KML = fs.readFileSync(path.join(FIXTURES, 'checkpoints.kml'));
const SELF_CROSSING = fs.readFileSync(path.join(FIXTURES, 'self-crossing.geojson'), 'utf8');
const square = (lon: number, lat: number, size: number): [number, number][] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];

/** What terra-draw shows on the page's map: nothing before drawing starts, then its point, line and polygon sources. */
async function drawn(): Promise<{ started: boolean; points: number; shapes: string }> {
  const map = await liveMap(page);
  try {
    return await map.evaluate(async (live) => {
      const sources = ['td-point', 'td-linestring', 'td-polygon'].map((id) => live?.getSource(id));
      if (sources.some((source) => !source)) return { started: false, points: 0, shapes: '' };
      const [points, ...rest] = await Promise.all(sources.map((source) => source!.getData()));
      return { started: true, points: points!.features.length, shapes: JSON.stringify([points, ...rest]) };
    });
  } finally {
    await map.dispose();
  }
}

/** A zone's bounding box as the server has it. */
async function zoneBounds(name: string): Promise<{ west: number; south: number; east: number; north: number }> {
  const zones = await page.evaluate(
    async () =>
      (await (await fetch('/zones?active=all')).json()) as { zones: Array<{ name: string; bbox: [number, number, number, number] }> },
  );
  const [west, south, east, north] = zones.zones.find((zone) => zone.name === name)!.bbox;
  return { west, south, east, north };
}

/** The preview map's layers that draw shapes and the marks of their problems (apps/web/src/lib/map/overlays/zones.ts). */
const PREVIEW_LAYERS = ['import-preview-line', 'import-preview-refused', 'import-preview-marker'];

/** What the preview map draws, one entry per layer, status and problem (a feature cut by tile edges counts once). */
function drawnPreview(features: Array<{ layer: string; properties: Record<string, unknown> }>): string[] {
  const seen = features.map((feature) =>
    [feature.layer, feature.properties.status, feature.properties.problem].filter((part) => part !== undefined).join(' '),
  );
  return [...new Set(seen)].sort();
}

/**
 * The places of the preview's features that lie outside the map's canvas as it is drawn now: a map
 * fitted before it had its final size (a window narrowed to a phone's) cut shapes off at its edges.
 */
async function previewOutOfView(): Promise<string[]> {
  const positions = (await sourceFeatures(page, 'import-preview')).flatMap((feature) => {
    const flat: [number, number][] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value) && typeof value[0] === 'number') flat.push([value[0], value[1] as number]);
      else if (Array.isArray(value)) value.forEach(walk);
    };
    walk(feature.geometry.coordinates);
    return flat;
  });
  const box = (await page.locator('[data-operational-map]').first().boundingBox())!;
  const map = await liveMap(page);
  try {
    const points = await map.evaluate((live, places) => places.map((place) => live!.project(place)), positions);
    return positions
      .filter((_, index) => {
        const { x, y } = points[index]!;
        return x < 0 || y < 0 || x > box.width || y > box.height;
      })
      .map(([lon, lat]) => `${lon},${lat}`);
  } finally {
    await map.dispose();
  }
}

async function upload(name: string, bytes: Buffer | Uint8Array) {
  await page
    .getByLabel(/GeoJSON, KML, KMZ, GPX or a zipped shapefile/)
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { desktop: true });
  page = await context.newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname === '/');
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('zones', () => {
  it('imports a KML: previews every feature with its problems and repairs, maps risk values, and imports the valid ones', async () => {
    await page.goto(mainUrl('/zone-import'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Zone Import');
    await upload(`checkpoints-${run}.kml`, KML);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'features (kml)' }).textContent())
      .toBe('4 features (kml): 1 ready, 1 repaired, 2 refused.');
    const list = page.getByRole('list', { name: 'Features in the file' });
    await expect.poll(() => list.getByText('Problem: The polygon crosses itself near (2.37000, 48.87000).').count()).toBe(1);
    await expect.poll(() => list.getByText('Problem: This is a line (a track or route), not a polygon.').count()).toBe(1);
    await expect.poll(() => list.getByText('Repair: Dropped points repeated one after the other.').count()).toBe(1);
    // Every feature is on the preview map, the refused ones too, so the user sees what is wrong where.
    await mapReady(page);
    await expect
      .poll(async () =>
        (await sourceFeatures(page, 'import-preview'))
          .filter((feature) => !feature.properties.problem)
          .map((feature) => feature.properties.status)
          .sort(),
      )
      .toEqual(['invalid', 'invalid', 'repaired', 'valid']);
    // The name and risk attributes are guessed; "moderate" is not a level, so the user maps it.
    await expect.poll(() => page.getByLabel('Name from attribute').inputValue()).toBe('name');
    await expect.poll(() => page.getByLabel('Risk level from attribute').inputValue()).toBe('threat');
    await expect.poll(() => page.getByLabel('Risk level for HIGH').inputValue()).toBe('high');
    await page.getByLabel('Risk level for moderate').selectOption('elevated');
    await page.getByLabel('Kind of zone').selectOption('restricted');
    await mapSettled(page);
    await screenshot(page, 'zones-import-kml-preview');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 2 zones' }).click();
    await expect
      .poll(() => page.getByText(/^Imported 2 zones from checkpoints-/).textContent())
      .toBe(`Imported 2 zones from checkpoints-${run}.kml; 2 refused.`);
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `checkpoints-${run}.kml` })
          .textContent(),
      )
      .toContain('2 imported, 2 refused');
  });

  it('previews a file dropped on the drop zone, drawing a self-crossing polygon dashed with its crossing marked', async () => {
    await page.goto(mainUrl('/zone-import'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Zone Import');
    // A drop as the browser delivers it: dragenter, dragover, then drop, carrying the file.
    const dataTransfer = await page.evaluateHandle(
      ({ name, text }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], name, { type: 'application/geo+json' }));
        return transfer;
      },
      { name: `self-crossing-${run}.geojson`, text: SELF_CROSSING },
    );
    // The zone's hint names the formats and stays put while its headline changes during the drag.
    const zone = page.getByText(/^GeoJSON, KML, KMZ, GPX or a zipped shapefile/);
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'features (geojson)' }).textContent(), { timeout: 15_000 })
      .toBe('2 features (geojson): 1 ready, 0 repaired, 1 refused.');
    const list = page.getByRole('list', { name: 'Features in the file' });
    await expect.poll(() => list.getByText('Problem: The polygon crosses itself near (2.37000, 48.87000).').count()).toBe(1);
    // The refused bow tie is on the map, and so is a mark where it crosses itself.
    await mapReady(page);
    await expect
      .poll(async () =>
        (await sourceFeatures(page, 'import-preview'))
          .filter((feature) => feature.properties.status === 'invalid')
          .map((feature) => [feature.geometry.type, feature.properties.problem ?? null, feature.properties.label ?? null]),
      )
      .toEqual([
        ['MultiLineString', null, null],
        ['Point', 'self_intersection', 'Crosses itself'],
      ]);
    const mark = (await sourceFeatures(page, 'import-preview')).find((feature) => feature.properties.problem);
    expect(mark?.geometry.coordinates).toEqual([2.37, 48.87]);
    // And the map draws them (issue 19 point 9): the ready polygon outlined, the refused one dashed
    // in its own layer, and the ringed mark where it crosses itself, on a desktop and on a phone.
    for (const [width, height, name] of [
      [1366, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('[data-operational-map]').first().scrollIntoViewIfNeeded();
      await mapSettled(page);
      // Fitted again to the map's new size, so no shape is cut off at a phone's width.
      await expect.poll(previewOutOfView).toEqual([]);
      await expect
        .poll(async () => drawnPreview(await renderedFeatures(page, PREVIEW_LAYERS)), { timeout: 30_000 })
        .toEqual(['import-preview-line valid', 'import-preview-marker invalid self_intersection', 'import-preview-refused invalid']);
      await screenshot(page, `zones-import-refused-marked-${name}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('imports a zipped shapefile in Web Mercator and shows it where it belongs', async () => {
    const zip = zippedShapefile(`sectors_${run}`, [
      { ring: square(2.33, 48.87, 0.01), attributes: { NAME: `Sector North ${run}`, RISK: 'critical' } },
      { ring: square(2.36, 48.84, 0.01), attributes: { NAME: `Sector East ${run}`, RISK: 'low' } },
    ]);
    await upload(`sectors-${run}.zip`, zip);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'features (shapefile)' }).textContent())
      .toMatch(/^2 features \(shapefile\): \d ready, \d repaired, 0 refused\.$/);
    await expect.poll(() => page.getByLabel('Name from attribute').inputValue()).toBe('NAME');
    await expect.poll(() => page.getByLabel('Risk level from attribute').inputValue()).toBe('RISK');
    await mapSettled(page);
    await screenshot(page, 'zones-import-shapefile-preview');
    await page.getByRole('button', { name: 'Import 2 zones' }).click();
    await expect.poll(() => page.getByText(/^Imported 2 zones from sectors-/).count()).toBe(1);
  });

  it('shows imported zones on the map and in the table by risk, draws a new zone and edits it', async () => {
    await page.goto(mainUrl('/ungoverned-zones'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ungoverned Zones');
    const table = page.getByRole('table');
    for (const name of ['Île de la Cité', 'Champ de Mars', `Sector North ${run}`, `Sector East ${run}`])
      await expect.poll(() => table.getByRole('button', { name, exact: true }).count(), { timeout: 5_000 }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        table
          .getByRole('rowgroup')
          .filter({ hasText: /^Critical/ })
          .getByRole('button', { name: `Sector North ${run}` })
          .count(),
      )
      .toBe(1);
    await mapReady(page);
    await expect
      .poll(async () => (await sourceFeatures(page, 'zones')).map((feature) => feature.properties.name), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(['Île de la Cité', `Sector North ${run}`]));
    await mapSettled(page);
    await screenshot(page, 'zones-page');
    expect(await seriousViolations(page)).toEqual([]);

    // Draw a triangle in the map's upper left, away from the controls.
    await page.getByRole('button', { name: 'Draw a new zone' }).click();
    const canvas = page.locator('[data-operational-map] canvas').first();
    const box = (await canvas.boundingBox())!;
    await expect.poll(async () => (await drawn()).started).toBe(true);
    const corners: [number, number][] = [
      [0.15, 0.2],
      [0.4, 0.2],
      [0.3, 0.45],
    ];
    for (const [x, y] of corners) {
      const before = (await drawn()).shapes;
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      await expect.poll(async () => (await drawn()).shapes).not.toBe(before);
    }
    await page.mouse.click(box.x + box.width * corners[0]![0], box.y + box.height * corners[0]![1]);
    await expect.poll(() => page.getByText('Adjust the corners on the map or in the list, then save.').count()).toBe(1);
    const form = page.getByRole('region', { name: 'New zone' });
    await form.getByLabel('Name').fill(`Drawn checkpoint ${run}`);
    await form.getByLabel('Risk level').selectOption('high');
    await form.getByLabel('Kind').selectOption('patrol');
    await screenshot(page, 'zones-drawn');
    await form.getByRole('button', { name: 'Save zone' }).click();

    const detail = page.getByRole('region', { name: `Drawn checkpoint ${run}` });
    await expect.poll(() => detail.getByText('Patrol · High risk · Active').count()).toBe(1);
    await expect
      .poll(() =>
        table
          .getByRole('rowgroup')
          .filter({ hasText: /^High/ })
          .getByRole('button', { name: `Drawn checkpoint ${run}` })
          .count(),
      )
      .toBe(1);

    await detail.getByLabel('Risk level').selectOption('critical');
    await detail.getByLabel('Notes').fill('Seen from the bridge');
    await detail.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => detail.getByText('Zone saved.').count()).toBe(1);
    await expect
      .poll(() =>
        table
          .getByRole('rowgroup')
          .filter({ hasText: /^Critical/ })
          .getByRole('button', { name: `Drawn checkpoint ${run}` })
          .count(),
      )
      .toBe(1);
    // Reshape: drag the triangle's lowest corner down and to the right, then save the new shape.
    await detail.getByRole('button', { name: 'Reshape on the map' }).click();
    // The zone is on terra-draw's map, selected: a selection point at each of its three corners.
    await expect.poll(async () => (await drawn()).points).toBeGreaterThanOrEqual(3);
    const before = await zoneBounds(`Drawn checkpoint ${run}`);
    // Measured again: saving scrolled the page to the form's button (the corner list makes it longer).
    const { x, y, width, height } = (await canvas.boundingBox())!;
    await page.mouse.move(x + width * 0.3, y + height * 0.45);
    await page.mouse.down();
    await page.mouse.move(x + width * 0.45, y + height * 0.6, { steps: 10 });
    await page.mouse.up();
    await detail.getByRole('button', { name: 'Save the new shape' }).click();
    await expect.poll(() => detail.getByText('New shape saved.').count()).toBe(1);
    const after = await zoneBounds(`Drawn checkpoint ${run}`);
    expect(after.south).toBeLessThan(before.south);
    expect(after.east).toBeGreaterThan(before.east);
    await mapSettled(page);
    await screenshot(page, 'zones-reshaped');

    await detail.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => detail.getByText('Patrol · Critical risk · Inactive').count()).toBe(1);
    await mapSettled(page);
    await screenshot(page, 'zones-edited');
  });

  it('undoes an import, and shows zones as a layer on the command map that can be hidden', async () => {
    await page.goto(mainUrl('/zone-import'));
    await page.getByRole('button', { name: `Undo the import of sectors-${run}.zip` }).click();
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `sectors-${run}.zip` })
          .textContent(),
      )
      .toContain('Undone');

    await page.goto(mainUrl('/command'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Command Dashboard');
    await mapReady(page);
    await expect.poll(() => layerIds(page), { timeout: 5_000 }).toEqual(expect.arrayContaining(['zones-fill', 'zones-outline']));
    await expect
      .poll(async () => (await sourceFeatures(page, 'zones')).map((feature) => feature.properties.name))
      .toEqual(expect.arrayContaining(['Île de la Cité', 'Champ de Mars']));
    const names = (await sourceFeatures(page, 'zones')).map((feature) => feature.properties.name);
    expect(names).not.toContain(`Sector North ${run}`);
    expect(names).not.toContain(`Drawn checkpoint ${run}`);
    await mapSettled(page);
    await screenshot(page, 'zones-command-layer');
    await page.getByLabel(/^Zones \(\d+\)$/).uncheck();
    await expect.poll(() => layerIds(page)).not.toContain('zones-fill');
  });
});
