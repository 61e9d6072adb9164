import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { callApiOk } from '../support/api';
import { solidTile } from '../support/images';
import { launchBrowser, screenshot } from '../support/browser';
import { layerIds, mapReady, mapSettled, mapView, renderedBasemap } from '../support/map';
import { freePort, waitForHealth } from '../support/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(root, 'e2e/fixtures/streets/west-oakland.mbtiles');
/** The same streets in the Protomaps basemap schema (the README beside it). */
const PROTOMAPS_FIXTURE = path.join(root, 'e2e/fixtures/streets/west-oakland-protomaps.mbtiles');
const PROTOMAPS_NAME = 'West Oakland (Protomaps)';
/** The fixture's coverage, from its metadata: a few blocks of West Oakland. */
const BOUNDS = { west: -122.30258, south: 37.80615, east: -122.29825, north: 37.80914 };
const PASSWORD = 'Meadow-Copper-Signal-27';
const ADMIN = 'streets-admin@e2e.argus.test';
const CIVIC = 'streets-civic@e2e.argus.test';
const NOTICE = 'No street map here — an administrator can add one in Settings › Maps';
/** Street zoom over 7th Street, beyond the fixture's deepest tiles (14): MapLibre overzooms. */
const STREET_VIEW = '#16/37.8076/-122.3004';

/**
 * Street basemaps on the maps: an Argus of its own (so its default basemap touches no other test),
 * the real West Oakland street extract uploaded through the API, and an online XYZ source served
 * by a local tile server on another origin.
 */
let browser: Browser;
let argus: ChildProcess;
let tiles: http.Server;
let port: number;
let tilePort: number;
let dataDir: string;
const tileRequests: string[] = [];
let streets: Basemap;
let protomaps: Basemap;
let online: Basemap;

const origin = () => `http://localhost:${port}`;

function addUser(env: NodeJS.ProcessEnv, email: string, fullName: string, role: string): Promise<unknown> {
  const cli = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
      'user',
      'add',
      '--email',
      email,
      '--full-name',
      fullName,
      '--role',
      role,
      '--password',
      PASSWORD,
    ],
    { cwd: root, env, stdio: 'ignore' },
  );
  return new Promise((resolve) => cli.once('exit', resolve));
}

async function signIn(page: Page, email: string) {
  await page.goto(`${origin()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Every request the page makes that is not to Argus itself (data and blob addresses stay in the page). */
function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin()}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

async function chooseBasemap(page: Page, name: string) {
  await page.getByRole('button', { name: 'Basemap', exact: true }).click();
  await page.getByRole('radio', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Uploads an MBTiles file as the Settings › Maps page does (the body is the file), answered 201 or the set-up fails. */
async function uploadFile(page: Page, file: string, name: string): Promise<Basemap> {
  const uploaded = await page.evaluate(
    async ({ base64, target, cookie, header }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((item) => item.startsWith(`${cookie}=`))
          ?.split('=')[1] ?? '',
      );
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', [header]: csrf },
        body: bytes,
      });
      return { status: response.status, body: (await response.json()) as { basemap: Basemap } };
    },
    {
      base64: fs.readFileSync(file).toString('base64'),
      target: `/basemaps?name=${encodeURIComponent(name)}&filename=${encodeURIComponent(path.basename(file))}`,
      cookie: CSRF_COOKIE,
      header: CSRF_HEADER,
    },
  );
  if (uploaded.status !== 201)
    throw new Error(`Uploading ${path.basename(file)} answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
  return uploaded.body.basemap;
}

beforeAll(async () => {
  [tilePort, port] = await Promise.all([freePort(), freePort()]);
  const tile = solidTile(46, 139, 87);
  tiles = http.createServer((request, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(tile);
  });
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-streets-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MFA_REQUIRED_FOR_ADMINS: 'false',
  };
  delete env.MAP_TILE_URL;
  await addUser(env, ADMIN, 'Sam Streets', 'Command_Admin');
  await addUser(env, CIVIC, 'Cora Civic', 'Civic_Reporter');
  argus = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(port, argus);
  browser = await launchBrowser();

  // The administrator's set-up, through the API as the Settings › Maps page does it.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  ({ basemap: streets } = await callApiOk<{ basemap: Basemap }>(
    page,
    'PATCH',
    `/basemaps/${(await uploadFile(page, FIXTURE, 'West Oakland')).id}`,
    {
      isDefault: true,
    },
  ));
  protomaps = await uploadFile(page, PROTOMAPS_FIXTURE, PROTOMAPS_NAME);
  ({ basemap: online } = await callApiOk<{ basemap: Basemap }>(page, 'POST', '/basemaps', {
    name: 'Local test tiles',
    format: 'xyz',
    url: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
    tileType: 'raster',
    attribution: 'Test tiles',
    maxZoom: 19,
  }));
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  argus?.kill('SIGTERM');
  if (argus) await new Promise((resolve) => argus.once('exit', resolve));
  tiles?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('street basemaps on the maps', () => {
  let context: BrowserContext;

  /** An administrator's desktop command map over West Oakland at street zoom, recording requests that leave Argus. */
  async function commandAtStreetZoom() {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    const foreign = recordForeignRequests(page);
    await page.goto(`${origin()}/command${STREET_VIEW}`);
    await mapReady(page);
    return { page, foreign };
  }

  it('draws streets and their names at street zoom from Argus alone, switches in place, and says where there is none', async () => {
    expect(streets.vectorSchema).toBe('openmaptiles');
    const { page, foreign } = await commandAtStreetZoom();
    await expect.poll(async () => (await renderedBasemap(page)).names, { timeout: 30_000 }).toContain('7th Street');
    const drawn = await renderedBasemap(page);
    expect(drawn.lines).toBeGreaterThan(0);
    expect(drawn.names).toEqual(expect.arrayContaining(['7th Street', 'Wood Street']));
    await mapSettled(page);
    expect(foreign).toEqual([]);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await screenshot(page, 'basemap-streets-desktop');

    // Switching replaces the basemap's layers under the overlays; the map and its overlays stay.
    const overlaysBefore = (await layerIds(page)).filter((id) => !id.startsWith('street:'));
    await chooseBasemap(page, 'Local test tiles');
    await expect.poll(() => tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(tileRequests.every((url) => /^\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    await expect.poll(() => layerIds(page)).toContain(`street:${online.id}:raster`);
    const layers = await layerIds(page);
    expect(layers.filter((id) => !id.startsWith('street:'))).toEqual(overlaysBefore);
    expect(layers.some((id) => id.startsWith(`street:${streets.id}:`))).toBe(false);
    // Just above the world outline, below every overlay.
    expect(layers.indexOf(`street:${online.id}:raster`)).toBe(layers.indexOf('basemap-borders') + 1);
    await expect.poll(() => page.getByText('Test tiles').first().isVisible(), { timeout: 15_000 }).toBe(true);

    await chooseBasemap(page, 'West Oakland');
    await expect.poll(async () => (await renderedBasemap(page)).names, { timeout: 30_000 }).toContain('7th Street');

    // The world outline alone at street zoom: the map says why it is empty, and remembers the choice.
    await chooseBasemap(page, 'World outline only');
    await expect.poll(() => page.getByText(NOTICE).isVisible(), { timeout: 15_000 }).toBe(true);
    // Said along the map's foot, not over it: over the middle, on a phone, it covered what the map shows.
    const notice = (await page.getByText(NOTICE).boundingBox())!;
    const canvas = (await page.locator('[data-operational-map] canvas').first().boundingBox())!;
    expect(notice.y).toBeGreaterThanOrEqual(canvas.y + canvas.height - 1);
    expect(await page.getByRole('link', { name: 'Settings › Maps' }).getAttribute('href')).toBe('/settings#maps');
    expect((await renderedBasemap(page)).lines).toBe(0);
    await screenshot(page, 'basemap-no-street-map-desktop');
    await page.reload();
    await mapReady(page);
    await expect.poll(() => page.getByText(NOTICE).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Basemap', exact: true }).click();
    expect(await page.getByRole('radio', { name: 'World outline only' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'basemap-switcher-desktop');
    await page.getByRole('radio', { name: 'West Oakland', exact: true }).click();
    await expect.poll(async () => (await renderedBasemap(page)).names, { timeout: 30_000 }).toContain('7th Street');
    await expect.poll(() => page.getByText(NOTICE).count()).toBe(0);

    // Go to finds a street by the name the basemap labels it with; a coordinate still wins.
    await page.getByText('Go to', { exact: true }).click();
    const place = page.getByLabel('Coordinate or place to go to');
    await expect.poll(() => place.isVisible()).toBe(true);
    expect(await page.getByText('Street and place names are searched in the map’s loaded area.').isVisible()).toBe(true);
    await place.fill('wood');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    const found = page.getByRole('list', { name: 'Places found' });
    await expect.poll(() => found.getByRole('button', { name: /Wood Street/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'basemap-go-to-street-desktop');
    await found
      .getByRole('button', { name: /Wood Street/ })
      .first()
      .click();
    await expect
      .poll(async () => {
        const view = await mapView(page);
        return view.lon > BOUNDS.west && view.lon < BOUNDS.east && view.lat > BOUNDS.south && view.lat < BOUNDS.north && view.zoom >= 14;
      })
      .toBe(true);
    // On a map narrower than 640 px the box folds itself once the map has gone.
    if (!(await place.isVisible())) await page.getByText('Go to', { exact: true }).click();
    await place.fill('Champs');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => page.getByText(/no street or place named “Champs”/).isVisible()).toBe(true);
    await place.fill('37.8076 -122.3004');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(async () => Math.abs((await mapView(page)).lat - 37.8076) < 0.0005).toBe(true);
    await context.close();
  });

  it('reads on a phone at street zoom', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    const foreign = recordForeignRequests(page);
    await page.goto(`${origin()}/command${STREET_VIEW}`);
    await mapReady(page);
    await page.locator('[data-operational-map]').first().scrollIntoViewIfNeeded();
    await mapSettled(page);
    await screenshot(page, 'basemap-streets-phone');
    // The credits start folded on a phone, off the street names at the foot of the map; their button opens them.
    const credits = page.locator('.maplibregl-ctrl-attrib');
    expect(await credits.getAttribute('open')).toBeNull();
    await page.locator('.maplibregl-ctrl-attrib-button').click();
    await expect.poll(() => credits.getAttribute('open')).not.toBeNull();
    await expect.poll(() => credits.innerText()).toContain('Natural Earth');
    await page.locator('.maplibregl-ctrl-attrib-button').click();
    // The phone's narrower map places fewer labels; the streets through the centre are named.
    await expect
      .poll(async () => (await renderedBasemap(page)).names.filter((name) => name.endsWith(' Street')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect((await renderedBasemap(page)).lines).toBeGreaterThan(0);
    expect(foreign).toEqual([]);
    await page.getByRole('button', { name: 'Basemap', exact: true }).click();
    expect(await page.getByRole('radio', { name: 'West Oakland', exact: true }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'basemap-switcher-phone');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('draws streets and their names at street zoom from a Protomaps-schema file, on a desktop and a phone', async () => {
    expect(protomaps.vectorSchema).toBe('protomaps');
    const { page, foreign } = await commandAtStreetZoom();
    await chooseBasemap(page, PROTOMAPS_NAME);
    // Its own layers (the Protomaps style's roads and street names), the OpenMapTiles file's gone.
    await expect
      .poll(async () => (await layerIds(page)).filter((id) => id.startsWith('street:')).map((id) => id.split(':')[1]), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([protomaps.id]));
    expect((await layerIds(page)).some((id) => id.startsWith(`street:${streets.id}:`))).toBe(false);
    await expect.poll(async () => (await renderedBasemap(page)).names, { timeout: 30_000 }).toContain('7th Street');
    const drawn = await renderedBasemap(page);
    expect(drawn.lines).toBeGreaterThan(0);
    expect(drawn.names).toEqual(expect.arrayContaining(['7th Street', 'Wood Street']));
    await mapSettled(page);
    expect(foreign).toEqual([]);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await screenshot(page, 'basemap-protomaps-desktop');

    // On a phone's width the same basemap still names the streets through the centre.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-operational-map]').first().scrollIntoViewIfNeeded();
    await mapSettled(page);
    await expect
      .poll(async () => (await renderedBasemap(page)).names.filter((name) => name.endsWith(' Street')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect((await renderedBasemap(page)).lines).toBeGreaterThan(0);
    await screenshot(page, 'basemap-protomaps-phone');
    // The administrator's choice back to the default, for the tests after this one.
    await chooseBasemap(page, 'West Oakland');
    await context.close();
  });

  it('opens the civic pick map over the basemap’s area, not the middle of the world', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await signIn(page, CIVIC);
    await page.getByRole('button', { name: 'Pick on the map' }).click();
    await mapReady(page);
    const view = await mapView(page);
    expect(view.lon).toBeGreaterThan(BOUNDS.west);
    expect(view.lon).toBeLessThan(BOUNDS.east);
    expect(view.lat).toBeGreaterThan(BOUNDS.south);
    expect(view.lat).toBeLessThan(BOUNDS.north);
    expect(view.zoom).toBeGreaterThan(13);
    await expect.poll(async () => (await renderedBasemap(page)).lines, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('[data-operational-map]').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'basemap-civic-pick-phone');
    await context.close();
  });
});
