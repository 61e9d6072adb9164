import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { callApiOk } from '../support/api';
import { launchBrowser, screenshot } from '../support/browser';
import { clickMapAt, mapReady, mapSettled, renderedBasemap, sourceFeatures } from '../support/map';
import { freePort, waitForHealth } from '../support/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(root, 'e2e/fixtures/streets/west-oakland.mbtiles');
const PASSWORD = 'Meadow-Copper-Signal-27';
const ADMIN = 'offline-map-admin@e2e.argus.test';
const CREW = 'offline-map-crew@e2e.argus.test';
/** On 7th Street, inside the fixture's few blocks of West Oakland. */
const INCIDENT_LOCATION = { lat: 37.8076, lon: -122.3004 };
/** Where the unit reports it is, a block from the incident. */
const UNIT_POSITION = { lat: 37.8081, lon: -122.2995 };

/**
 * Saving a map area onto the phone (docs/decisions/0048-offline-map-area.md): an Argus of its own
 * (its default basemap touches no other test) with the West Oakland street extract as the default,
 * a crew assigned to an incident there, who saves the area around it and draws it with no signal.
 */
let browser: Browser;
let argus: ChildProcess;
let port: number;
let dataDir: string;
let unitId: string;
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

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-offline-map-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MFA_REQUIRED_FOR_ADMINS: 'false',
  };
  delete env.MAP_TILE_URL;
  await addUser(env, ADMIN, 'Ollie Offline', 'Command_Admin');
  await addUser(env, CREW, 'Casey Crew', 'Field_Unit');
  argus = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(port, argus);
  browser = await launchBrowser();

  // Command's set-up through the API: the street extract as the default basemap, a unit crewed by
  // the field account, and an incident in the extract's area with that unit sent to it.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  const uploaded = await page.evaluate(
    async ({ base64, cookie, header }) => {
      const csrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((item) => item.startsWith(`${cookie}=`))
          ?.split('=')[1] ?? '',
      );
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const response = await fetch('/basemaps?name=West%20Oakland&filename=west-oakland.mbtiles', {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', [header]: csrf },
        body: bytes,
      });
      return { status: response.status, body: (await response.json()) as { basemap: Basemap } };
    },
    { base64: fs.readFileSync(FIXTURE).toString('base64'), cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  if (uploaded.status !== 201) throw new Error(`Uploading the fixture answered ${uploaded.status}: ${JSON.stringify(uploaded.body)}`);
  await callApiOk(page, 'PATCH', `/basemaps/${uploaded.body.basemap.id}`, { isDefault: true });
  const { users } = await callApiOk<{ users: { id: string; email: string }[] }>(page, 'GET', '/users');
  const crew = users.find((user) => user.email === CREW);
  if (!crew) throw new Error('The crew account was not created.');
  const { unit } = await callApiOk<{ unit: { id: string } }>(page, 'POST', '/units', {
    callsign: 'OAK-7',
    kind: 'fire',
    members: [crew.id],
  });
  unitId = unit.id;
  const { incident } = await callApiOk<{ incident: { id: string } }>(page, 'POST', '/incidents', {
    title: 'Smoke on 7th Street',
    category: 'fire',
    severity: 'high',
    location: INCIDENT_LOCATION,
    description: 'Grey smoke from a warehouse roof.',
  });
  await callApiOk(page, 'POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unit.id] });
  await context.close();
});

async function stopArgus() {
  if (!argus || argus.exitCode !== null || argus.signalCode !== null) return;
  const exited = new Promise((resolve) => argus.once('exit', resolve));
  argus.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  await browser?.close();
  await stopArgus();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('offline map area on the phone', () => {
  it('lets command send a unit’s phone an area it saves by itself, and withdraw it', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const crewPage = await phone.newPage();
    await signIn(crewPage, CREW);
    await callApiOk(crewPage, 'POST', `/units/${unitId}/position`, { clientId: crypto.randomUUID(), location: UNIT_POSITION });
    await crewPage.goto(`${origin()}/fieldunit`);
    const fieldMap = crewPage.getByRole('region', { name: 'Map', exact: true });
    await fieldMap.getByText(/^Offline map: /).click();
    await screenshot(crewPage, 'offline-area-phone-before-command-sends');

    // Command, at its desk: the unit on the map, the area the map shows around it, sent.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const commandPage = await desk.newPage();
    await signIn(commandPage, ADMIN);
    await commandPage.goto(`${origin()}/command#15/${UNIT_POSITION.lat}/${UNIT_POSITION.lon}`);
    await mapReady(commandPage);
    await expect.poll(async () => (await sourceFeatures(commandPage, 'units')).length, { timeout: 15_000 }).toBe(1);
    await mapSettled(commandPage);
    await clickMapAt(commandPage, UNIT_POSITION);
    const chosen = commandPage.getByRole('region', { name: 'Chosen on the map' });
    await expect.poll(() => chosen.getByText(/^OAK-7/).isVisible(), { timeout: 10_000 }).toBe(true);
    await chosen.getByText('Map for the phone: none sent').click();
    await chosen.getByRole('radio', { name: 'The area the map shows' }).check();
    await expect.poll(() => chosen.getByText(/^West Oakland: \d+ tiles, about/).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(commandPage, 'offline-area-command-send');
    await chosen.getByRole('button', { name: 'Send to the phone' }).click();
    await expect.poll(() => chosen.getByRole('status').textContent(), { timeout: 10_000 }).toContain('Sent to OAK-7');

    // The phone hears of it on its unit's channel and saves it with no one touching it.
    const saved = fieldMap.getByRole('list', { name: 'Saved map areas' }).getByRole('listitem');
    await expect.poll(() => saved.count(), { timeout: 60_000 }).toBe(1);
    expect(await saved.first().textContent()).toContain('Area of the command map');
    expect(await saved.first().textContent()).toContain('Sent by command');
    await screenshot(crewPage, 'offline-area-sent-saved-on-phone');

    // Withdrawn by command: the phone deletes it, tiles and all.
    await chosen.getByRole('button', { name: 'Withdraw Area of the command map' }).click();
    await expect.poll(() => saved.count(), { timeout: 30_000 }).toBe(0);
    expect(await crewPage.evaluate(async () => (await (await caches.open('argus-offline-map')).keys()).length)).toBe(0);
    await desk.close();
    await phone.close();
  });

  it('saves the streets around the assignment, size shown first, and draws them after an offline reload', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await signIn(page, CREW);
    await page.goto(`${origin()}/fieldunit`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit is not controlled until the worker claims it; a reload makes sure.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);

    const map = page.getByRole('region', { name: 'Map', exact: true });
    await map.getByText('Offline map: no area saved').click();
    await expect
      .poll(
        () =>
          map
            .getByText(/^Around /)
            .first()
            .isVisible(),
        { timeout: 30_000 },
      )
      .toBe(true);
    await map.getByLabel('Radius').selectOption('500');
    // The number of tiles and the size are shown before anything is saved.
    const summary = map.getByText(/^\d+ tiles \(zoom 10 to 14\), about [\d.]+ (KB|MB)$/);
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    const planned = Number((await summary.textContent())!.split(' ')[0]);
    expect(planned).toBeGreaterThan(5);
    await mapReady(page);
    await expect.poll(async () => (await renderedBasemap(page)).lines, { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'offline-map-area-before-saving');
    await map.screenshot({ path: path.join(root, '.e2e-artifacts/offline-map-area-before-saving-panel.png') });

    // The box the map shows is the other choice, with its own count; back to the assignment's.
    await map.getByRole('radio', { name: 'The area shown on the map' }).check();
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    await map.getByRole('radio', { name: /^Around / }).check();
    await expect.poll(() => summary.textContent()).toMatch(new RegExp(`^${planned} tiles`));

    await map.getByRole('button', { name: 'Save this area' }).click();
    await expect
      .poll(() => map.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^Saved on this phone: \d+ tiles, [\d.]+ (KB|MB)\.$/);
    const saved = map.getByRole('list', { name: 'Saved map areas' }).getByRole('listitem');
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.first().textContent()).toContain('500 m around');
    await screenshot(page, 'offline-map-area-saved');
    await map.screenshot({ path: path.join(root, '.e2e-artifacts/offline-map-area-saved-panel.png') });

    // No signal at all: the page is offline and Argus itself is gone, so nothing (not even the
    // service worker's own fetches) can reach it; the shell and the tiles come from the phone.
    await context.setOffline(true);
    await stopArgus();
    await page.reload();
    await expect.poll(() => map.isVisible(), { timeout: 30_000 }).toBe(true);
    await map.getByText('Offline map: 1 area saved').click();
    await mapReady(page);
    // The streets come from the tiles saved on the phone: the network is gone.
    await expect.poll(async () => (await renderedBasemap(page)).lines, { timeout: 30_000 }).toBeGreaterThan(0);
    // Street names are labels of the saved vector tiles (which of them fit depends on placement).
    await expect
      .poll(async () => (await renderedBasemap(page)).names.filter((name) => name.endsWith(' Street')).length, { timeout: 30_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'offline-map-area-offline');
    await map.screenshot({ path: path.join(root, '.e2e-artifacts/offline-map-area-offline-panel.png') });

    // Deleting the area empties the list and its cache.
    await saved
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await expect.poll(() => saved.count()).toBe(0);
    expect(await page.evaluate(async () => (await (await caches.open('argus-offline-map')).keys()).length)).toBe(0);
    await context.close();
  });
});
