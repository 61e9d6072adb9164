import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasJanus } from '../../apps/server/test/janus-process';
import { REDIS_URL, redisAnswers, servicesPresent } from '../../apps/server/test/scale-out-support';
import { signInOver, type ServerProcess } from '../../apps/server/test/server-processes';
import { twoServersOnJanus } from '../../apps/server/test/two-servers';
import { launchMediaBrowser } from '../support/browser';
import { framesDecoded, whepPlay } from '../support/whep';

/**
 * Issue 17, point 3, in Chromium: two Argus nodes on one database, Redis and one Janus
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md). One page publishes its fake
 * camera over WHIP through node A; another, on node B, watches over WHEP and decodes the frames.
 */
const ready = servicesPresent('the two-node browser video test', { janus: hasJanus, [`Redis at ${REDIS_URL}`]: await redisAnswers() });

describe.skipIf(!ready)('live video published through one node and watched through another', () => {
  const nodes = twoServersOnJanus('sqlite', ['Command_Admin', 'Intelligence_Analyst']);
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchMediaBrowser();
  }, 60_000);
  afterAll(() => browser?.close());

  /**
   * A page on a node's own origin, so its fetches reach that node. The nodes serve no web app here,
   * only the API, whose strict CSP would refuse the page's own fetches: bypassed for this page.
   */
  async function pageOn(node: ServerProcess): Promise<Page> {
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await page.goto(`${node.baseUrl}/health/live`);
    return page;
  }

  it('decodes in Chromium on node B the camera Chromium publishes through node A', async () => {
    const command = await signInOver(nodes.a.baseUrl, nodes.emails[0]);
    const analyst = await signInOver(nodes.b.baseUrl, nodes.emails[1]);
    const { room } = await command.post(nodes.a.baseUrl, '/stream/create', { name: 'Roof camera', kind: 'camera' });
    const join = async (user: typeof command, node: ServerProcess, role: 'publish' | 'view') =>
      ((await user.post(node.baseUrl, '/stream/join', { room: room!.id, role })) as unknown as { token: string }).token;
    const publishToken = await join(command, nodes.a, 'publish');
    const viewToken = await join(analyst, nodes.b, 'view');

    const publisherPage = await pageOn(nodes.a);
    const published = await publisherPage.evaluate(
      async ({ room, token }) => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: true });
        const pc = new RTCPeerConnection({ iceServers: [] });
        for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise<void>((resolve) => {
          if (pc.iceGatheringState === 'complete') return resolve();
          pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
          setTimeout(resolve, 3_000);
        });
        const response = await fetch(`/whip/${room}`, {
          method: 'POST',
          headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
          body: pc.localDescription!.sdp,
        });
        if (response.status !== 201) return response.status;
        await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
        (window as unknown as { whip: RTCPeerConnection }).whip = pc;
        return response.status;
      },
      { room: room!.id, token: publishToken },
    );
    expect(published).toBe(201);

    const viewerPage = await pageOn(nodes.b);
    const location = await whepPlay(viewerPage, room!.id, viewToken);
    await expect.poll(() => framesDecoded(viewerPage), { timeout: 30_000, interval: 250 }).toBeGreaterThan(10);

    // The viewer's WHEP resource, ended through node A, which did not take its POST.
    const ended = await fetch(`${nodes.a.baseUrl}${new URL(location).pathname}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${viewToken}` },
    });
    expect(ended.status).toBe(200);
  }, 120_000);
});
