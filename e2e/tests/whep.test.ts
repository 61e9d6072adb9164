import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPublisher, type TestPublisher } from '../../apps/server/src/media/werift-client';
import { startTestPattern, type TestPattern } from '../../apps/server/src/media/test-pattern';
import { callApiOk } from '../support/api';
import { launchMediaBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

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

/** A WHEP player in the page: recvonly transceivers, POST the offer, play the answer's media. */
function whepPlay(room: string, token: string): Promise<number> {
  return page.evaluate(
    async ({ room, token }) => {
      const pc = new RTCPeerConnection({ iceServers: [] });
      pc.addTransceiver('video', { direction: 'recvonly' });
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      video.playsInline = true;
      video.style.cssText = 'position:fixed;right:8px;bottom:8px;width:480px;z-index:9999;background:#000';
      document.body.append(video);
      pc.ontrack = (event) => {
        video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      };
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
        setTimeout(resolve, 3_000);
      });
      const response = await fetch(`/whep/${room}`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
        body: pc.localDescription!.sdp,
      });
      if (response.status !== 201) throw new Error(`WHEP answered ${response.status}: ${await response.text()}`);
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
      (window as unknown as { whep: RTCPeerConnection }).whep = pc;
      return response.status;
    },
    { room, token },
  );
}

function framesDecoded(): Promise<number> {
  return page.evaluate(async () => {
    const pc = (window as unknown as { whep?: RTCPeerConnection }).whep;
    if (!pc) return -1;
    let frames = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') frames = report.framesDecoded ?? 0;
    });
    return frames;
  });
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

      await page.evaluate(() => {
        (window as unknown as { whep?: RTCPeerConnection }).whep?.close();
        document.querySelectorAll('video').forEach((video) => video.remove());
      });
      expect(await whepPlay(room, viewToken)).toBe(201);
      await expect.poll(framesDecoded, { timeout: 10_000, interval: 250 }).toBeGreaterThan(10);
      const before = await framesDecoded();
      await expect.poll(framesDecoded, { timeout: 5_000, interval: 250 }).toBeGreaterThan(before + 10);
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
