import type { Page } from 'playwright-core';

/** The page's WHEP peer, kept on the window so later evaluations (stats, close) can reach it. */
type WithWhep = { whep?: RTCPeerConnection };

/**
 * A WHEP player in the page, as a browser viewer is: a recvonly video transceiver, its offer with
 * every candidate POSTed to the page's own origin, the answer applied. `shown` also plays the video
 * in a corner of the page, for screenshots. Resolves with the WHEP resource's location; any answer
 * but 201 throws with what the server said.
 */
export function whepPlay(page: Page, room: string, token: string, { shown = false } = {}): Promise<string> {
  return page.evaluate(
    async ({ room, token, shown }) => {
      const pc = new RTCPeerConnection({ iceServers: [] });
      pc.addTransceiver('video', { direction: 'recvonly' });
      if (shown) {
        const video = document.createElement('video');
        video.muted = true;
        video.autoplay = true;
        video.playsInline = true;
        video.style.cssText = 'position:fixed;right:8px;bottom:8px;width:480px;z-index:9999;background:#000';
        document.body.append(video);
        pc.ontrack = (event) => {
          video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        };
      }
      await pc.setLocalDescription(await pc.createOffer());
      // WHEP takes one offer, no trickle: wait for the candidates, though no longer than a host's take.
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
      (window as unknown as WithWhep).whep = pc;
      return response.headers.get('location')!;
    },
    { room, token, shown },
  );
}

/** Video frames the page's WHEP player has decoded so far; -1 while it has none. */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pc = (window as unknown as WithWhep).whep;
    if (!pc) return -1;
    let frames = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') frames = report.framesDecoded ?? 0;
    });
    return frames;
  });
}

/** Closes the page's WHEP player and takes its video away, so the page can play another. */
export function whepStop(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as WithWhep).whep?.close();
    document.querySelectorAll('video').forEach((video) => video.remove());
  });
}
