import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { launchFakeCameraBrowser, vtestY4m } from '../support/fake-camera';

/**
 * The surveillance network in Chromium: a camera registered on the page, watched through
 * Chromium's fake camera playing real street footage (the vtest clip), analysed in the browser
 * by the object detector; its "person" detections reach the server and, inside a restricted
 * zone drawn over the camera and its field of view, raise a detection-tier alert.
 */
const CAMERA = { name: `Market Street ${Date.now()}`, lat: 48.8566, lon: 2.3522 };
/** Loading the model and compiling the wasm on a shared 2-core machine takes a while. */
const DETECTOR = { timeout: 90_000, interval: 1000 };
const SOON = { timeout: 15_000 };

let browser: Browser;
let page: Page;

/** A small square around a point, as a GeoJSON polygon ring (longitude first). */
function squareAround(lat: number, lon: number, half = 0.001) {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  };
}

beforeAll(async () => {
  browser = await launchFakeCameraBrowser(vtestY4m());
  const context = await newContext(browser, { desktop: true });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[page] ${message.text()}`);
  });
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname !== '/login');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('surveillance network', () => {
  it('registers a camera, watches the fake camera, detects people and sends them to the server, raising a detection alert in a restricted zone', async () => {
    // Detections are placed where they stand on the ground (up to the camera's 80 m range, north-east
    // of it), so the zone covers the camera and its whole field of view, as an operator would draw it.
    const zone = await callApiOk<{ zone: { id: string } }>(page, 'POST', '/zones', {
      name: `Restricted ${CAMERA.name}`,
      kind: 'restricted',
      riskLevel: 'high',
      geometry: squareAround(CAMERA.lat, CAMERA.lon, 0.0015),
    });
    expect(zone.zone.id).toBeTruthy();

    // Arrive from another page inside the app: the document keeps the home page's policy (no
    // WebAssembly), so the detector works only because its worker script carries its own.
    await page.goto(mainUrl('/'));
    await page.getByRole('link', { name: 'Surveillance Network' }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Surveillance Network');
    const policy = await page.evaluate(async () =>
      (await fetch('/', { headers: { Accept: 'text/html' } })).headers.get('content-security-policy'),
    );
    expect(policy).not.toContain('wasm-unsafe-eval');

    await page.getByRole('button', { name: 'Add camera or sensor' }).click();
    const form = page.getByRole('form', { name: 'New camera or sensor' });
    await form.getByLabel('Name').fill(CAMERA.name);
    await form.getByLabel('Latitude').fill(String(CAMERA.lat));
    await form.getByLabel('Longitude').fill(String(CAMERA.lon));
    await form.getByLabel('Heading (°)').fill('45');
    await form.getByLabel('Field of view (°)').fill('70');
    await form.getByLabel('Range (m)').fill('80');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Watch ${CAMERA.name}` }).isVisible(), SOON).toBe(true);
    const { cameras } = await callApiOk<{ cameras: { id: string; name: string; status: string; heading: number }[] }>(
      page,
      'GET',
      '/cameras',
    );
    const camera = cameras.find((candidate) => candidate.name === CAMERA.name)!;
    expect(camera).toMatchObject({ status: 'offline', heading: 45 });
    await page.waitForTimeout(1500);
    await screenshot(page, 'surveillance-registered');

    await page.getByRole('button', { name: `Watch ${CAMERA.name}` }).click();
    await page.getByRole('button', { name: 'Use this device’s camera' }).click();
    await expect.poll(() => page.getByTestId('detector-ready').textContent(), DETECTOR).toContain('Detector ready on wasm');

    // A person from the street clip appears in the detection feed, boxed on its thumbnail.
    await expect
      .poll(
        () =>
          page
            .getByTestId('detection')
            .first()
            .textContent()
            .catch(() => ''),
        DETECTOR,
      )
      .toMatch(/person \d+%/);
    await expect.poll(() => page.getByTestId('analysis-stats').textContent(), SOON).toMatch(/Analysing \d/);
    await screenshot(page, 'surveillance-detections');

    // The detections reached the server for this camera, and the page lists what was reported.
    await expect
      .poll(
        () =>
          page
            .getByTestId('reported-detection')
            .first()
            .textContent()
            .catch(() => ''),
        SOON,
      )
      .toContain('person');
    await expect
      .poll(async () => {
        const { body } = await callApi(page, 'GET', `/detections?cameraId=${camera.id}&label=person`);
        return (body?.detections ?? []).length;
      }, SOON)
      .toBeGreaterThan(0);
    // The watching browser's heartbeats made the camera online.
    await expect
      .poll(async () => (await callApiOk<{ camera: { status: string } }>(page, 'GET', `/cameras/${camera.id}`)).camera.status, SOON)
      .toBe('online');

    // People in the restricted zone: a detection-tier alert, placed in front of the camera (it looks north-east).
    type Alert = { tier?: string; rule: string; zoneId?: string | null; location?: { lat: number; lon: number } | null };
    let raised: Alert | undefined;
    await expect
      .poll(
        async () => {
          const { body } = await callApi(page, 'GET', '/alerts');
          raised = (body?.alerts ?? []).find(
            (alert: Alert) => alert.tier === 'detection' && alert.rule === 'detection.zone' && alert.zoneId === zone.zone.id,
          );
          return raised !== undefined;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    expect(raised!.location!.lat).toBeGreaterThan(CAMERA.lat);
    expect(raised!.location!.lon).toBeGreaterThan(CAMERA.lon);
    await screenshot(page, 'surveillance-page');
    expect(await seriousViolations(page)).toEqual([]);
    // Closing the feed stops its analysis (and frees the two cores for the next test).
    await page.getByRole('button', { name: `Close ${CAMERA.name}` }).click();
    await expect.poll(() => page.getByTestId('analysis-stats').count(), SOON).toBe(0);
  }, 240_000);

  it('fits a phone held upright', async () => {
    const phone = await newContext(browser);
    const small = await phone.newPage();
    await signIn(small, 'Command_Admin');
    await small.waitForURL((url) => url.pathname !== '/login');
    const name = `Phone check ${Date.now()}`;
    await callApiOk(small, 'POST', '/cameras', {
      name,
      kind: 'camera',
      location: { lat: CAMERA.lat, lon: CAMERA.lon },
      heading: 200,
      fov: 50,
      rangeM: 60,
    });
    await small.goto(mainUrl('/surveillance-network'));
    await expect.poll(() => small.getByRole('button', { name: `Watch ${name}` }).isVisible(), SOON).toBe(true);
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(small, 'surveillance-phone');
    expect(await seriousViolations(small)).toEqual([]);
    await phone.close();
  }, 60_000);
});
