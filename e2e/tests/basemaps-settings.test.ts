import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import type { Role } from '@argus/contracts/roles';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { callApi } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { liveMap, mapReady, sourceFeatures } from '../support/map';
import { freePort, waitForHealth } from '../support/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STREETS = path.join(root, 'e2e/fixtures/streets/west-oakland.mbtiles');
const PASSWORD = 'Lantern-Basalt-Orchid-64';
const ADMIN = { email: 'maps-admin@e2e.argus.test', fullName: 'Morgan Maps', role: 'Command_Admin' } as const;
const ANALYST = { email: 'maps-analyst@e2e.argus.test', fullName: 'Alex Atlas', role: 'Intelligence_Analyst' } as const;
/** An online source nobody answers at: the test must not depend on, or reach, anything off the machine. */
const OFFLINE_XYZ = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/**
 * Settings › Maps (docs/decisions/0029-basemaps-served-by-argus.md) on an Argus of its own, so the
 * basemaps added here never reach the maps of the other browser tests.
 */
let browser: Browser;
let argus: ChildProcess;
let port: number;
let dataDir: string;

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-maps-'));
  const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MFA_REQUIRED_FOR_ADMINS: 'false' };
  const db = await createDatabase({ dataDir: loadConfig(env).dataDir });
  const services = createServices(loadConfig(env), db, systemClock);
  for (const account of [ADMIN, ANALYST]) {
    await services.users.create(
      { email: account.email, full_name: account.fullName, role: account.role, password: PASSWORD },
      OPERATOR,
      SYSTEM_CONTEXT,
    );
  }
  await db.close();
  argus = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(port, argus);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  argus?.kill('SIGTERM');
  if (argus) await new Promise((resolve) => argus.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(account: { email: string; role: Role }, desktop: boolean): Promise<Page> {
  const context = await browser.newContext(
    desktop
      ? { viewport: { width: 1366, height: 900 } }
      : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  );
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** The section alone, at full size, for people to look at beside the whole page. */
async function sectionScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(path.resolve('.e2e-artifacts'), { recursive: true });
  await page
    .locator('section#maps')
    .screenshot({ path: path.resolve('.e2e-artifacts', `${name}.png`), timeout: 15_000 })
    .catch(() => undefined);
}

/** The rows' names in their order on the page. */
const rowNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Basemaps' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

describe('Settings › Maps', () => {
  it('lets an administrator add, rename, reorder, choose the default and remove basemaps, and refuses a file that is not one', async () => {
    const page = await signedIn(ADMIN, true);
    const offMachine: string[] = [];
    page.on('request', (request) => {
      const { hostname } = new URL(request.url());
      if (!['localhost', '127.0.0.1'].includes(hostname) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
        offMachine.push(request.url());
    });
    await page.goto(`http://localhost:${port}/settings#maps`);
    const maps = page.locator('section#maps');
    await expect.poll(() => maps.getByRole('heading', { name: 'Maps', level: 2 }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => maps.getByText(/No basemaps yet/).isVisible()).toBe(true);
    // /settings#maps, the link "Settings › Maps" stands for, opens on the section.
    await expect
      .poll(() => maps.getByRole('heading', { name: 'Maps', level: 2 }).evaluate((heading) => heading.getBoundingClientRect().top))
      .toBeLessThan(900);

    // Upload the real street extract through the page.
    const fileForm = maps.getByRole('form', { name: 'Add a file' });
    await fileForm.getByLabel('Name').fill('West Oakland');
    await fileForm.getByLabel('Basemap file').setInputFiles(STREETS);
    await fileForm.getByRole('button', { name: 'Upload basemap' }).click();
    const oakland = maps.getByRole('listitem', { name: 'West Oakland' });
    await expect.poll(() => oakland.isVisible(), { timeout: 60_000 }).toBe(true);
    const oaklandText = await oakland.innerText();
    expect(oaklandText).toContain('Uploaded MBTiles file');
    expect(oaklandText).toContain('west-oakland.mbtiles');
    expect(oaklandText).toContain('Vector, OpenMapTiles');
    expect(oaklandText).toContain('0–14');
    // tilemaker's metadata names no attribution; the row says so rather than leaving a gap.
    expect(oaklandText).toMatch(/Attribution\s+None given/);
    expect(await fileForm.getByLabel('Name').inputValue()).toBe('');

    // Its coverage is outlined on the map; choosing the row highlights it and fits the map to it.
    await mapReady(page);
    await expect
      .poll(async () => (await sourceFeatures(page, 'coverage')).map((feature) => feature.properties.name))
      .toEqual(['West Oakland']);
    await oakland.getByRole('button', { name: 'Show West Oakland on the coverage map' }).click();
    await expect.poll(async () => (await sourceFeatures(page, 'coverage'))[0]?.properties.selected).toBe(true);
    const view = async () => {
      const map = await liveMap(page);
      try {
        return await map.evaluate((live) => {
          const camera = live as unknown as { getCenter(): { lng: number; lat: number }; getZoom(): number };
          return { lon: camera.getCenter().lng, lat: camera.getCenter().lat, zoom: camera.getZoom() };
        });
      } finally {
        await map.dispose();
      }
    };
    await expect.poll(async () => (await view()).zoom, { timeout: 10_000 }).toBeGreaterThan(13);
    expect((await view()).lon).toBeCloseTo(-122.29, 1);
    expect((await view()).lat).toBeCloseTo(37.8, 1);

    // Rename in place.
    await oakland.getByRole('button', { name: 'Rename West Oakland' }).click();
    await maps.getByLabel('New name for West Oakland').fill('Oakland streets');
    await maps.getByRole('button', { name: 'Save name' }).click();
    const streets = maps.getByRole('listitem', { name: 'Oakland streets' });
    await expect.poll(() => streets.isVisible()).toBe(true);

    // tilemaker's file credits nobody; the administrator adds the credit OpenStreetMap's licence asks for.
    expect(await streets.textContent()).toContain('None given');
    await streets.getByRole('button', { name: 'Edit attribution Oakland streets' }).click();
    await streets.getByLabel('Attribution for Oakland streets').fill('© OpenStreetMap contributors');
    await streets.getByRole('button', { name: 'Save attribution' }).click();
    await expect.poll(() => streets.textContent()).toContain('© OpenStreetMap contributors');

    // An online XYZ source: first an address that is not http(s), refused beside the field with the typing kept.
    const onlineForm = maps.getByRole('form', { name: 'Add an online source' });
    await onlineForm.getByLabel('Name').fill('Raster backup');
    await onlineForm.getByLabel('Address').fill('ftp://tiles.example.org/{z}/{x}/{y}.png');
    await onlineForm.getByLabel('Attribution').fill('Local raster');
    await onlineForm.getByRole('button', { name: 'Add online source' }).click();
    await expect.poll(() => onlineForm.getByText('The address must be an http:// or https:// URL.').isVisible()).toBe(true);
    expect(await onlineForm.getByLabel('Name').inputValue()).toBe('Raster backup');
    await onlineForm.getByLabel('Address').fill(OFFLINE_XYZ);
    await onlineForm.getByLabel('Highest zoom').fill('18');
    await onlineForm.getByRole('button', { name: 'Add online source' }).click();
    const raster = maps.getByRole('listitem', { name: 'Raster backup' });
    await expect.poll(() => raster.isVisible(), { timeout: 20_000 }).toBe(true);
    const rasterText = await raster.innerText();
    expect(rasterText).toContain('Online XYZ tiles');
    expect(rasterText).toContain(OFFLINE_XYZ);
    expect(rasterText).toContain('0–18');
    expect(rasterText).toContain('Covers the whole world');
    expect(await rowNames(page)).toEqual(['Oakland streets', 'Raster backup']);

    // Reorder, and choose the default.
    await raster.getByRole('button', { name: 'Move up Raster backup' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Raster backup', 'Oakland streets']);
    await streets.getByRole('button', { name: 'Make default Oakland streets' }).click();
    await expect.poll(() => streets.getByText('Default', { exact: true }).isVisible()).toBe(true);
    expect(await raster.getByText('Default', { exact: true }).count()).toBe(0);

    // Bytes that are not an archive: the server's message beside the file, the list and the name as they were.
    await fileForm.getByLabel('Name').fill('Not a map');
    await fileForm.getByLabel('Basemap file').setInputFiles({
      name: 'streets.mbtiles',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('plain words, not tiles\n'.repeat(20)),
    });
    await fileForm.getByRole('button', { name: 'Upload basemap' }).click();
    await expect.poll(() => fileForm.getByText(/^This is not a usable basemap file: /).isVisible(), { timeout: 20_000 }).toBe(true);
    const described = await fileForm.getByLabel('Basemap file').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described?.split(' ').at(-1)}"]`).innerText()).toMatch(/neither a PMTiles .* nor an MBTiles/);
    expect(await fileForm.getByLabel('Name').inputValue()).toBe('Not a map');
    expect(await rowNames(page)).toEqual(['Raster backup', 'Oakland streets']);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-maps-desktop');
    await sectionScreenshot(page, 'settings-maps-desktop-section');

    // Remove one, after a confirmation that names it and says what the maps do.
    await raster.getByRole('button', { name: 'Remove Raster backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Raster backup?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toMatch(/fall back to the next basemap/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-maps-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Oakland streets']);
    expect(offMachine).toEqual([]);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await signedIn(ADMIN, false);
    await page.goto(`http://localhost:${port}/settings#maps`);
    const maps = page.locator('section#maps');
    await expect.poll(() => maps.getByRole('listitem').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await mapReady(page);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-maps-phone');
    await sectionScreenshot(page, 'settings-maps-phone-section');
    await page.context().close();
  });

  it('is not shown to an analyst, whose changes the API refuses', async () => {
    const page = await signedIn(ANALYST, true);
    await page.goto(`http://localhost:${port}/settings`);
    await expect.poll(() => page.getByRole('heading', { name: 'Profile', level: 2 }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Coordinates', level: 2 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Maps', level: 2 }).count()).toBe(0);
    expect(await page.locator('#maps').count()).toBe(0);
    const answer = await callApi(page, 'POST', '/basemaps', { name: 'Mine', format: 'xyz', url: OFFLINE_XYZ, tileType: 'raster' });
    expect(answer.status).toBe(403);
    // Reading stays open to every signed-in role.
    expect((await callApi(page, 'GET', '/basemaps')).status).toBe(200);
    await page.context().close();
  });
});
