import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPublisher, type TestPublisher } from '../../apps/server/src/media/werift-client';
import { startTestPattern, type TestPattern } from '../../apps/server/src/media/test-pattern';
import { callApiOk } from '../support/api';
import { launchMediaBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { framesDecoded, whepPlay, whepStop } from '../support/whep';

/**
 * A non-browser publisher and a browser viewer: werift in this process publishes ffmpeg's test
 * pattern over WHIP, and Chromium watches it over WHEP, decoding real frames.
 */
let browser: Browser;
let page: Page;
const stops: (() => unknown)[] = [];

beforeAll(async () => {
  browser = await launchMediaBrowser();
  page = await (await newContext(browser, { desktop: true })).newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}, 60_000);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await browser?.close();
});

/** WHIP from werift: the offer with every candidate, 201 with the answer. */
async function whipPublish(room: string, token: string, codec: 'VP8' | 'H264'): Promise<{ publisher: TestPublisher; location: string }> {
  const publisher = createPublisher(codec);
  stops.push(() => publisher.close());
  const response = await fetch(mainUrl(`/whip/${room}`), {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: await publisher.offer(),
  });
  expect(response.status).toBe(201);
  await publisher.accept(await response.text());
  await publisher.connected();
  const pattern: TestPattern = await startTestPattern(codec, (packet) => publisher.track.writeRtp(packet));
  stops.push(() => pattern.stop());
  return { publisher, location: response.headers.get('location')! };
}

describe('WHIP publisher (werift) to a WHEP viewer (Chromium)', () => {
  for (const codec of ['VP8', 'H264'] as const) {
    it(`decodes ${codec} frames published over WHIP`, async () => {
      const room = (
        await callApiOk<{ room: { id: string } }>(page, 'POST', '/stream/create', { name: `Body camera ${codec}`, kind: 'camera' })
      ).room.id;
      const publishToken = (await callApiOk<{ token: string }>(page, 'POST', '/stream/join', { room, role: 'publish' })).token;
      const viewToken = (await callApiOk<{ token: string }>(page, 'POST', '/stream/join', { room, role: 'view' })).token;
      const { location } = await whipPublish(room, publishToken, codec);

      await whepStop(page);
      await whepPlay(page, room, viewToken, { shown: true });
      const frames = () => framesDecoded(page);
      await expect.poll(frames, { timeout: 10_000, interval: 250 }).toBeGreaterThan(10);
      const before = await frames();
      await expect.poll(frames, { timeout: 5_000, interval: 250 }).toBeGreaterThan(before + 10);
      await screenshot(page, `whep-${codec.toLowerCase()}`);

      // The live room is listed with its publisher's codec, then DELETE on the WHIP resource ends it.
      const list = await callApiOk<{
        rooms: { id: string; status: string; viewers: number; publisher: { codec: string | null } | null }[];
      }>(page, 'GET', '/stream/list');
      expect(list.rooms.find((entry) => entry.id === room)).toMatchObject({ status: 'live', viewers: 1, publisher: { codec } });
      const ended = await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${publishToken}` } });
      expect(ended.status).toBe(200);
      await expect
        .poll(
          async () =>
            (await callApiOk<{ rooms: { id: string; status: string }[] }>(page, 'GET', '/stream/list')).rooms.find(
              (entry) => entry.id === room,
            )?.status,
        )
        .toBe('reconnecting');
    }, 60_000);
  }
});
