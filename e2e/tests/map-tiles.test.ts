import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { solidTile } from '../support/images';
import { launchBrowser, screenshot } from '../support/browser';
import { freePort, waitForHealth } from '../support/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'Meadow-Copper-Signal-27';

/**
 * One pixel of the page as [red, green, blue], from a one-pixel screenshot. A single pixel's PNG
 * row decodes the same under every PNG filter (its neighbours count as zero), so inflating the
 * image data is all the decoding needed.
 */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const image = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < image.length;) {
    const length = image.readUInt32BE(offset);
    if (image.toString('ascii', offset + 4, offset + 8) === 'IDAT') chunks.push(image.subarray(offset + 8, offset + 8 + length));
    offset += length + 12;
  }
  return Array.from(zlib.inflateSync(Buffer.concat(chunks)).subarray(1, 4));
}

/**
 * The operator's tile source (MAP_TILE_URL) drawn over the offline basemap: an Argus of its own,
 * configured with a tile server on another origin, which the CSP must admit and nothing else.
 */
let browser: Browser;
let argus: ChildProcess;
let tiles: http.Server;
let port: number;
let dataDir: string;
const tileRequests: string[] = [];

beforeAll(async () => {
  const [tilePort, argusPort] = await Promise.all([freePort(), freePort()]);
  port = argusPort;
  const tile = solidTile(46, 139, 87);
  tiles = http.createServer((request, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(tile);
  });
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-tiles-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
    MAP_TILE_ATTRIBUTION: 'Test tiles',
  };
  const cli = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli.ts',
      'user',
      'add',
      '--email',
      'tiles@e2e.argus.test',
      '--full-name',
      'Tina Tiles',
      '--role',
      'Command_Admin',
      '--password',
      PASSWORD,
    ],
    { cwd: root, env, stdio: 'ignore' },
  );
  await new Promise((resolve) => cli.once('exit', resolve));
  argus = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(port, argus);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  argus?.kill('SIGTERM');
  if (argus) await new Promise((resolve) => argus.once('exit', resolve));
  tiles?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a configured tile source', () => {
  it('is drawn over the offline basemap, credited, and admitted by the CSP', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto(`http://localhost:${port}/login`);
    await page.getByLabel('Email').fill('tiles@e2e.argus.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`http://localhost:${port}/command`);

    await expect.poll(() => tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(tileRequests.every((url) => /^\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    await expect.poll(() => page.getByText('Test tiles').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The map really painted the tile: a pixel of the map is the tile's green.
    const box = (await page.locator('[data-operational-map] canvas').boundingBox())!;
    await expect.poll(() => pixelAt(page, box.x + box.width / 2, box.y + box.height / 3), { timeout: 20_000 }).toEqual([46, 139, 87]);
    expect(refused).toEqual([]);
    await screenshot(page, 'map-configured-tiles');
    await context.close();
  });
});
