import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { unitRoomId } from '@argus/contracts/http/streams';
import type { Role } from '@argus/contracts/roles';
import { E2E_UNIT } from '../support/accounts';
import { callApi } from '../support/api';
import { launchMediaBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * Live video through the embedded SFU in Chromium (fake camera, loopback ICE): a field unit goes
 * live from its phone, command watches on the video wall, a late viewer gets its first frame,
 * the publisher's page is closed and reopened while viewers keep their connection, a viewer
 * killed abruptly is dropped within 5 s, and roles without the right are refused.
 */
const FIELD_HOST = 'field.localhost';
const SOON = { timeout: 20_000 };
/**
 * Frames must rise; how soon is the video bench's to measure (bench/suites/video.ts, late join to
 * first frame): on a loaded machine connecting alone can take seconds, so no timing bar here.
 */
const FRAMES = { timeout: 20_000, interval: 250 };
/** The SFU's heartbeat drops a silent viewer within 5 s: a server timer, not a race with the CPU. */
const FIVE_SECONDS = { timeout: 5_000, interval: 250 };

let browser: Browser;
let field: BrowserContext;
let fieldPage: Page;
let roomId: string;
const viewers: { context: BrowserContext; page: Page }[] = [];

/** Frames the tile's video element has decoded so far (Chromium's counter), -1 when there is no such tile. */
function framesDecoded(page: Page, room: string): Promise<number> {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement & { webkitDecodedFrameCount?: number }>(`[data-room="${id}"] video`);
    if (!video) return -1;
    return video.webkitDecodedFrameCount ?? video.getVideoPlaybackQuality().totalVideoFrames;
  }, room);
}

/** Resolves once the count has risen past `above` within the deadline. */
async function expectFramesRising(page: Page, room: string, options = FRAMES): Promise<number> {
  const start = await framesDecoded(page, room);
  await expect.poll(() => framesDecoded(page, room), options).toBeGreaterThan(Math.max(start, 0) + 5);
  return framesDecoded(page, room);
}

async function goLive(page: Page): Promise<void> {
  await page.goto(siteUrl(FIELD_HOST, '/'));
  await expect.poll(() => page.getByRole('button', { name: 'Go live' }).isVisible(), SOON).toBe(true);
  await page.getByRole('button', { name: 'Go live' }).click();
  const panel = page.getByRole('region', { name: 'Live video' });
  await expect
    .poll(async () => `${await page.getByTestId('on-air').getAttribute('data-state')}: ${await panel.textContent()}`, SOON)
    .toMatch(/^live:/);
}

async function commandViewer(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { desktop: true });
  const page = await context.newPage();
  await signIn(page, role);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Operations Home');
  await page.goto(mainUrl('/command'));
  await page.getByRole('tab', { name: 'Video' }).click();
  await expect.poll(() => page.locator(`[data-room="${roomId}"]`).count(), SOON).toBe(1);
  return { context, page };
}

async function roomViewers(page: Page): Promise<number> {
  const { body } = await callApi(page, 'GET', '/stream/health');
  return body.rooms.find((room: { id: string }) => room.id === roomId)?.viewers ?? 0;
}

beforeAll(async () => {
  browser = await launchMediaBrowser();
  field = await newContext(browser);
  // Camera and microphone need no grant: the fake-UI switch accepts them.
  await field.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
  await field.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 8 });
  fieldPage = await field.newPage();
  await signIn(fieldPage, 'Field_Unit', FIELD_HOST);
  await fieldPage.getByRole('heading', { name: E2E_UNIT.callsign }).waitFor({ timeout: 20_000 });
  const { body } = await callApi(fieldPage, 'GET', '/units');
  roomId = unitRoomId(body.units[0].id);
});

afterAll(async () => {
  await browser?.close();
});

describe('live video from a field unit to command', () => {
  it('goes live with one tap and two command viewers decode its frames', async () => {
    await goLive(fieldPage);
    await screenshot(fieldPage, 'video-field-on-air');
    for (const role of ['Command_Admin', 'Super_Admin'] as const) viewers.push(await commandViewer(role));
    for (const viewer of viewers) await expectFramesRising(viewer.page, roomId);
    await expect.poll(() => roomViewers(viewers[0]!.page), SOON).toBe(2);
    const tile = viewers[0]!.page.locator(`[data-room="${roomId}"]`);
    await expect.poll(() => tile.locator('[data-stat="bitrate"]').textContent(), SOON).toMatch(/kbit\/s|Mbit\/s/);
    await expect.poll(() => tile.locator('[data-stat="latency"]').textContent(), SOON).toMatch(/RTT \d+ ms/);
    await screenshot(viewers[0]!.page, 'video-command-wall');
  });

  it('gives a late viewer its first frame, and enlarges a tile with its telemetry', async () => {
    const late = await commandViewer('Command_Admin');
    try {
      await expectFramesRising(late.page, roomId);
      await late.page.getByRole('button', { name: /^Enlarge / }).click();
      const dialog = late.page.getByRole('dialog');
      await expect.poll(() => dialog.locator('video').count(), SOON).toBe(1);
      // The phone's position rides on the telemetry channel beside the video.
      await expect.poll(() => dialog.locator('figcaption').textContent(), SOON).toContain('51.50720, -0.12760');
      await screenshot(late.page, 'video-enlarged');
      await late.page.keyboard.press('Escape');
    } finally {
      await late.context.close();
    }
  });

  it('keeps viewers connected while the publisher closes and reopens its page', async () => {
    await fieldPage.close();
    await expect.poll(() => viewers[0]!.page.locator(`[data-room="${roomId}"]`).getAttribute('data-state'), SOON).toBe('publisher-away');
    fieldPage = await field.newPage();
    await goLive(fieldPage);
    // No reload: the same tiles decode the new publisher's frames.
    for (const viewer of viewers) await expectFramesRising(viewer.page, roomId);
  });

  it('drops a viewer killed abruptly within 5 s while the other keeps playing', async () => {
    await expect.poll(() => roomViewers(viewers[0]!.page), SOON).toBe(2);
    const killed = viewers.pop()!;
    await killed.context.close();
    await expect.poll(() => roomViewers(viewers[0]!.page), FIVE_SECONDS).toBe(1);
    await expectFramesRising(viewers[0]!.page, roomId);
  });
});

describe('who may join', () => {
  it('refuses joining and publishing to roles without the right, over HTTP and on the socket', async () => {
    const context = await newContext(browser, { desktop: true });
    const civic = await context.newPage();
    await signIn(civic, 'Civic_Reporter');
    await expect.poll(() => civic.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Civic Reporter');
    const civicJoin = await callApi(civic, 'POST', '/stream/join', { room: roomId, role: 'view' });
    expect(civicJoin.status).toBe(403);
    expect(civicJoin.body.error.message).toBeTruthy();

    const analystContext = await newContext(browser, { desktop: true });
    const analyst = await analystContext.newPage();
    await signIn(analyst, 'Intelligence_Analyst');
    await expect.poll(() => analyst.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Analyst Console');
    expect((await callApi(analyst, 'POST', '/stream/join', { room: roomId, role: 'publish' })).status).toBe(403);
    const viewing = await callApi(analyst, 'POST', '/stream/join', { room: roomId, role: 'view' });
    expect(viewing.status).toBe(200);

    // The analyst's viewing token, rewritten to claim publishing: the socket refuses it.
    const [header, payload, signature] = viewing.body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, role: 'publish', stream_role: 'publish' })).toString('base64url'),
      signature,
    ].join('.');
    const refusal = await civic.evaluate(
      ({ url, token }) =>
        new Promise<{ messages: { type: string; code?: string }[]; closeCode: number }>((resolve) => {
          const messages: { type: string; code?: string }[] = [];
          const socket = new WebSocket(url);
          socket.onopen = () => socket.send(JSON.stringify({ type: 'join', token }));
          socket.onmessage = (event) => messages.push(JSON.parse(String(event.data)));
          socket.onclose = (event) => resolve({ messages, closeCode: event.code });
          setTimeout(() => resolve({ messages, closeCode: -1 }), 8_000);
        }),
      { url: viewing.body.signalingUrl, token: forged },
    );
    expect(refusal.messages[0]).toMatchObject({ type: 'error', code: 'bad_token' });
    expect(refusal.closeCode).toBe(4401);
    await context.close();
    await analystContext.close();
  });
});
