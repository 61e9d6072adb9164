import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_UNIT } from '../support/accounts';
import { launchBrowser, mainUrl, MEDIA_ARGS, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * /production: two live sources of different colours (each Chromium's fake camera plays a solid
 * colour), preview one, take it to program, publish program as the briefing feed, and check that
 * a viewer of the briefing feed sees the colour of whichever source is on program.
 */
const SOON = { timeout: 25_000 };
const FIELD_HOST = 'field.localhost';

/** A short .y4m of one solid colour (4:2:0), which Chromium's fake camera plays in a loop. */
function solidY4m(name: string, yuv: [number, number, number]): string {
  const width = 320;
  const height = 240;
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.alloc(width * height, yuv[0]),
    Buffer.alloc((width / 2) * (height / 2), yuv[1]),
    Buffer.alloc((width / 2) * (height / 2), yuv[2]),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'argus-y4m-')), `${name}.y4m`);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 15 }, () => frame)]),
  );
  return file;
}

const RED = solidY4m('red', [76, 85, 255]);
const BLUE = solidY4m('blue', [29, 255, 107]);

let red: Browser;
let blue: Browser;

/**
 * The colour at the centre of the first video inside `selector`, as the page decodes it; any other
 * colour is named by its value, so a failure says what the tile showed instead.
 */
function centreColour(page: Page, selector: string): Promise<string> {
  return page.evaluate((css) => {
    const video = document.querySelector<HTMLVideoElement>(`${css} video`);
    if (!video || video.videoWidth === 0) return 'none';
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(video, 0, 0);
    const [r = 0, g = 0, b = 0] = context.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 3), 1, 1).data;
    if (r > 150 && g < 100 && b < 100) return 'red';
    if (b > 150 && r < 100 && g < 100) return 'blue';
    return `other rgb(${r}, ${g}, ${b}) in ${video.videoWidth}×${video.videoHeight}`;
  }, selector);
}

beforeAll(async () => {
  red = await launchBrowser([...MEDIA_ARGS, `--use-file-for-fake-video-capture=${RED}`]);
  blue = await launchBrowser([...MEDIA_ARGS, `--use-file-for-fake-video-capture=${BLUE}`]);
});

afterAll(async () => {
  await red?.close();
  await blue?.close();
});

// A failed attempt must not leave its pages encoding and decoding video under the retry.
afterEach(async () => {
  for (const browser of [red, blue]) await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
});

describe('production', () => {
  it('takes the previewed source to program, and a briefing-feed viewer sees it', async () => {
    const viewer = await (await newContext(blue, { desktop: true })).newPage();
    await signIn(viewer, 'Command_Admin');
    await viewer.getByRole('heading', { name: 'Operations Home' }).waitFor({ timeout: 20_000 });
    const producer = await (await newContext(red, { desktop: true })).newPage();
    await signIn(producer, 'Command_Admin');
    await producer.getByRole('heading', { name: 'Operations Home' }).waitFor({ timeout: 20_000 });

    // Source 1: the field unit going live (red).
    const field = await newContext(red);
    const fieldPage = await field.newPage();
    await field.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
    await field.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 8 });
    await signIn(fieldPage, 'Field_Unit', FIELD_HOST);
    await fieldPage.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 20_000 });
    await fieldPage.getByRole('button', { name: 'Go live' }).click({ timeout: 20_000 });
    await expect.poll(() => fieldPage.getByTestId('on-air').getAttribute('data-state'), SOON).toBe('live');

    // Source 2: an administrator's streaming test (blue), published with its clock in the corner.
    const tester = await (await newContext(blue, { desktop: true })).newPage();
    await signIn(tester, 'Super_Admin');
    await tester.getByRole('heading', { name: 'Operations Home' }).waitFor({ timeout: 20_000 });
    await tester.goto(mainUrl('/streaming-test'));
    await tester.getByRole('button', { name: 'Open camera and microphone' }).click();
    await tester.getByRole('button', { name: 'Publish and watch back' }).click({ timeout: 20_000 });
    await expect.poll(() => tester.getByTestId('watch-state').textContent(), SOON).toBe('Live');
    await expect.poll(() => tester.locator('[data-stat="Glass to glass"]').textContent(), SOON).toMatch(/^\d+ ms$/);
    await screenshot(tester, 'production-source-streaming-test');

    // Production: preview the field unit, take it, start the briefing feed.
    await producer.goto(mainUrl('/production'));
    const fieldTile = producer.getByRole('button', { name: /^Preview E2E-1/ });
    const testTile = producer.getByRole('button', { name: /^Preview Streaming test/ });
    await fieldTile.waitFor({ timeout: 20_000 });
    await testTile.waitFor({ timeout: 20_000 });
    await fieldTile.click();
    await producer.getByRole('button', { name: 'Take to program' }).click();
    await expect.poll(() => producer.getByTestId('program-name').textContent(), SOON).toMatch(/^E2E-1/);
    await producer.getByRole('button', { name: 'Start the briefing feed' }).click();
    await expect.poll(() => producer.getByTestId('feed-state').getAttribute('data-state'), SOON).toBe('live');

    // A command viewer (signed in before the media load starts) joins the briefing feed from the video wall.
    await viewer.goto(mainUrl('/command'));
    await viewer.getByRole('tab', { name: 'Video' }).click();
    const feedTile = '[data-room^="program-"]';
    await viewer.locator(feedTile).waitFor({ timeout: 20_000 });
    await expect.poll(() => centreColour(viewer, feedTile), SOON).toBe('red');

    // Take the other source: the briefing feed follows.
    // The keyboard path: the multiview keeps re-laying out as frames arrive, which a pointer click waits out.
    await testTile.press('Enter');
    await expect.poll(() => producer.getByTestId('preview-name').textContent(), SOON).toMatch(/^Streaming test/);
    // Each multiview tile shows its own source.
    await expect.poll(() => centreColour(producer, '[data-room^="test-"]'), SOON).toBe('blue');
    await expect.poll(() => centreColour(producer, '[data-room^="unit-"]'), SOON).toBe('red');
    await producer.getByRole('button', { name: 'Take to program' }).press('Enter');
    await expect.poll(() => producer.getByTestId('program-name').textContent(), SOON).toMatch(/^Streaming test/);
    await expect.poll(() => centreColour(producer, '[aria-labelledby="program-bus"]'), SOON).toBe('blue');
    await expect.poll(() => centreColour(viewer, feedTile), SOON).toBe('blue');
    await screenshot(producer, 'production-blue-on-program');
    await screenshot(viewer, 'production-briefing-viewer');

    // The test on program stops (docs/decisions/0059-only-rooms-with-a-publisher-are-live.md): its tile turns
    // into an offline slate, program and the briefing feed say offline rather than go black, and it cannot be taken.
    await tester.getByRole('button', { name: 'Stop the round trip' }).click();
    await expect.poll(() => producer.locator('[data-room^="test-"]').getAttribute('data-state'), SOON).toBe('offline');
    await expect.poll(() => producer.locator('[data-room^="test-"] video').count(), SOON).toBe(0);
    await expect.poll(() => producer.getByTestId('program-offline').isVisible(), SOON).toBe(true);
    await expect.poll(() => centreColour(viewer, feedTile), SOON).toMatch(/^other /);
    await fieldTile.press('Enter');
    await expect.poll(() => producer.getByTestId('preview-name').textContent(), SOON).toMatch(/^E2E-1/);
    await producer.getByRole('button', { name: /^Preview Streaming test.*\(offline\)$/ }).press('Enter');
    await expect.poll(() => producer.getByTestId('preview-name').textContent(), SOON).toMatch(/^Streaming test/);
    expect(await producer.getByRole('button', { name: 'Take to program' }).isDisabled()).toBe(true);
    expect(await producer.getByTestId('take-blocked').textContent()).toMatch(/^Cannot take: Streaming test.* is offline/);
    await screenshot(producer, 'production-test-room-offline');
    await screenshot(viewer, 'production-briefing-viewer-offline');
    await producer.setViewportSize({ width: 390, height: 844 });
    await screenshot(producer, 'production-test-room-offline-phone');
    // Three Chromium pages encode and decode video at once here; on two shared cores that takes a while.
  }, 240_000);
});
