import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { chromium } from 'playwright-core';
import { SfuSupervisor } from '../../apps/server/src/media/sfu-supervisor';
import { createPublisher } from '../../apps/server/src/media/werift-client';
import { startTestPattern } from '../../apps/server/src/media/test-pattern';
import { nextMessage, startWithIpc } from '../support/ipc';
import { cpuCoresOver, repoRoot } from '../support/processes';
import { median, percentile, round } from '../support/stats';

const VIEWER_STEPS = [1, 10, 50, 100];
const VIEWER_PROCESSES = 4;
const CPU_SECONDS = 5;
const LATENCY_SECONDS = 6;
const LATE_JOINS = 7;
/** A late joiner's phases, each the ms from its start to the phase's end (absent if it never came). */
type LateJoinPhases = Partial<Record<(typeof LATE_JOIN_PHASES)[number], number>>;
const LATE_JOIN_PHASES = ['offerGathered', 'sfuAnswered', 'iceConnected', 'dtlsConnected', 'firstPacket', 'firstFrame'] as const;
const TARGET_KBPS = 1500;
const RAMP_SECONDS = 12;
/** The targets. */
const TARGETS = { sfuP50Ms: 50, addedP50Ms: 15, streamsPerCore: 200, lateJoinMs: 300 };

/** SFU CPU per forwarded viewer stream: ffmpeg's ~700 kbit/s VP8 to 1, 10, 50 and 100 werift viewers in another process. */
async function forwardingCost(sfu: SfuSupervisor) {
  const publisher = createPublisher('VP8');
  await publisher.accept(await sfu.publish('bench-cpu', 'bench-publisher', await publisher.offer()));
  await publisher.connected();
  const pattern = await startTestPattern('VP8', (packet) => publisher.track.writeRtp(packet), { bitrateKbps: 700, noise: true });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pid = sfu.pid!;
  const ingestOnly = await cpuCoresOver(pid, CPU_SECONDS);
  // Viewers spread over a few processes: werift viewers decrypting in one event loop would starve.
  const processes: ChildProcess[] = Array.from({ length: VIEWER_PROCESSES }, () =>
    startWithIpc(path.join(repoRoot, 'bench/support/video-viewers.ts'), {}),
  );
  await Promise.all(processes.map((child) => nextMessage(child, 'ready')));
  const ask = async <T extends { type: string }>(child: ChildProcess, command: object, reply: T['type']) => {
    const answer = nextMessage<T>(child, reply, 120_000);
    child.send(command);
    return answer;
  };
  const packets = async () =>
    (
      await Promise.all(processes.map((child) => ask<{ type: 'packets'; counts: number[] }>(child, { type: 'packets' }, 'packets')))
    ).flatMap((reply) => reply.counts);
  const steps: {
    viewers: number;
    connected: number;
    sfuCpuCores: number;
    forwardedStreams: number;
    perStreamCpuPercent: number;
    streamsPerCore: number;
    deliveredPerViewerPerSecond: number;
  }[] = [];
  let total = 0;
  let sourceRate = 0;
  for (const target of VIEWER_STEPS) {
    let connected = 0;
    const add = target - total;
    await Promise.all(
      processes.map(async (child, index) => {
        const count = Math.floor(add / processes.length) + (index < add % processes.length ? 1 : 0);
        if (count === 0) return;
        const { sdps } = await ask<{ type: 'offers'; sdps: string[] }>(child, { type: 'offers', count }, 'offers');
        const answers = await Promise.all(sdps.map((sdp, n) => sfu.view('bench-cpu', `bench-viewer-${index}-${total}-${n}`, sdp)));
        await ask<{ type: 'connected'; connected: number }>(child, { type: 'answers', sdps: answers }, 'connected');
      }),
    );
    total = target;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await packets();
    const cores = await cpuCoresOver(pid, CPU_SECONDS);
    const after = await packets();
    const perViewer = after.map((count, index) => (count - (before[index] ?? 0)) / CPU_SECONDS);
    connected = perViewer.filter((rate) => rate > 0).length;
    const delivered = perViewer.reduce((sum, rate) => sum + rate, 0);
    // The source's packet rate, measured with one viewer: a forwarded stream is that many packets a second.
    if (target === 1) sourceRate = delivered;
    const forwardedStreams = sourceRate > 0 ? delivered / sourceRate : 0;
    const perStream = Math.max(cores - ingestOnly, 0.0001) / Math.max(forwardedStreams, 0.01);
    steps.push({
      viewers: target,
      connected,
      sfuCpuCores: round(cores, 3),
      forwardedStreams: round(forwardedStreams, 1),
      perStreamCpuPercent: round(perStream * 100, 3),
      streamsPerCore: Math.round(1 / perStream),
      deliveredPerViewerPerSecond: round(delivered / perViewer.length, 1),
    });
  }
  for (const child of processes) child.send({ type: 'close' });
  pattern.stop();
  await publisher.close();
  await sfu.closeRoom('bench-cpu');
  return { ingestOnlyCpuCores: round(ingestOnly, 3), steps };
}

/**
 * The page: a 640×480 canvas of noise (so the encoder wants every bit it is allowed) with the
 * time drawn as 24 black-or-white blocks; a decoder reads the blocks back from each decoded frame.
 * Frames are captured on demand right after each draw (30 a second), and the SFU's publisher and
 * the direct sender share that one track: with a free-running capture (captureStream(30)) each
 * track took the canvas at its own phase, up to a frame (33 ms) after the time was drawn, and the
 * two paths differed by that phase rather than by what lies between them.
 */
const PAGE = String.raw`<!doctype html><meta charset="utf-8"><title>video bench</title><body><script>
const W = 640, H = 480, BITS = 24, BLOCK = 24;
const canvas = Object.assign(document.createElement('canvas'), { width: W, height: H });
const ctx = canvas.getContext('2d');
const noise = ctx.createImageData(W, H - 2 * BLOCK);
const track = canvas.captureStream(0).getVideoTracks()[0];
let tick = 0;
function draw() {
  requestAnimationFrame(draw);
  if (tick++ % 2) return;
  const data = noise.data;
  for (let i = 0; i < data.length; i += 4) { const v = (Math.random() * 255) | 0; data[i] = v; data[i + 1] = 255 - v; data[i + 2] = v; data[i + 3] = 255; }
  ctx.putImageData(noise, 0, 2 * BLOCK);
  const t = Math.round(performance.now()) % (1 << BITS);
  for (let b = 0; b < BITS; b++) { ctx.fillStyle = (t >> b) & 1 ? '#fff' : '#000'; ctx.fillRect(b * BLOCK + 4, 0, BLOCK, 2 * BLOCK); }
  track.requestFrame();
}
draw();
const reader = Object.assign(document.createElement('canvas'), { width: W, height: H }).getContext('2d', { willReadFrequently: true });
function readTime(video) {
  reader.drawImage(video, 0, 0, W, H);
  const row = reader.getImageData(0, BLOCK, W, 1).data;
  let t = 0;
  for (let b = 0; b < BITS; b++) { const x = b * BLOCK + 4 + BLOCK / 2; if (row[x * 4] > 128) t |= 1 << b; }
  return t;
}
function watch(video, samples) {
  const onFrame = () => { const now = Math.round(performance.now()) % (1 << BITS); const d = (now - readTime(video) + (1 << BITS)) % (1 << BITS); if (d < 5000) samples.push(d); video.requestVideoFrameCallback(onFrame); };
  video.requestVideoFrameCallback(onFrame);
}
// Host candidates come in one burst within milliseconds; 'complete' comes ~110 ms later, for
// nothing on loopback. The offer goes 10 ms after the first candidate (as the Argus client does).
async function gathered(pc) { await pc.setLocalDescription(await pc.createOffer()); await new Promise((r) => { if (pc.iceGatheringState === 'complete') r(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); pc.onicecandidate = (e) => e.candidate && setTimeout(r, 10); setTimeout(r, 3000); }); return pc.localDescription.sdp; }
function videoFor(pc) { const video = Object.assign(document.createElement('video'), { muted: true, autoplay: true, playsInline: true }); document.body.append(video); pc.ontrack = (e) => { video.srcObject = new MediaStream([e.track]); video.play().catch(() => {}); }; return video; }
window.bench = {
  async publish() {
    const pc = new RTCPeerConnection({ iceServers: [] });
    pc.addTransceiver(track, { direction: 'sendonly' });
    await pc.setRemoteDescription({ type: 'answer', sdp: await window.sfu('publish', await gathered(pc)) });
    window.publisher = pc;
  },
  async view(samples) {
    const pc = new RTCPeerConnection({ iceServers: [] });
    pc.addTransceiver('video', { direction: 'recvonly' });
    const video = videoFor(pc);
    const started = performance.now();
    // Where a late joiner's time goes: each phase's end, in ms from the start.
    const at = {};
    const mark = (phase) => { at[phase] ??= Math.round(performance.now() - started); };
    pc.addEventListener('iceconnectionstatechange', () => ['connected', 'completed'].includes(pc.iceConnectionState) && mark('iceConnected'));
    pc.addEventListener('connectionstatechange', () => pc.connectionState === 'connected' && mark('dtlsConnected'));
    pc.addEventListener('track', (e) => { e.track.onunmute = () => mark('firstPacket'); });
    const first = new Promise((r) => video.requestVideoFrameCallback(() => { mark('firstFrame'); r(at); }));
    const offer = await gathered(pc);
    mark('offerGathered');
    const answer = await window.sfu('view', offer);
    mark('sfuAnswered');
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    if (samples) watch(video, samples);
    return { pc, first };
  },
  async direct(samples) {
    const a = new RTCPeerConnection({ iceServers: [] }), b = new RTCPeerConnection({ iceServers: [] });
    a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
    a.addTransceiver(track, { direction: 'sendonly' });
    const video = videoFor(b);
    await a.setLocalDescription(await a.createOffer()); await b.setRemoteDescription(a.localDescription);
    await b.setLocalDescription(await b.createAnswer()); await a.setRemoteDescription(b.localDescription);
    watch(video, samples);
    return [a, b];
  },
  async sentKbps(pc, seconds) {
    const bytes = async () => { let n = 0; (await pc.getStats()).forEach((r) => { if (r.type === 'outbound-rtp' && r.kind === 'video') n += r.bytesSent; }); return n; };
    const before = await bytes(); await new Promise((r) => setTimeout(r, seconds * 1000)); return ((await bytes()) - before) * 8 / seconds / 1000;
  },
};
</script>`;

async function browserFigures(sfu: SfuSupervisor) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage();
    let peers = 0;
    await page.exposeFunction('sfu', (role: 'publish' | 'view', sdp: string) => {
      peers += 1;
      return role === 'publish' ? sfu.publish('bench-g2g', `g2g-${peers}`, sdp) : sfu.view('bench-g2g', `g2g-${peers}`, sdp);
    });
    await page.setContent(PAGE);
    await page.evaluate(() => (globalThis as unknown as { bench: { publish(): Promise<void> } }).bench.publish());
    // The publisher's bitrate once the SFU's REMB and start bitrate have had time to act.
    const rampKbps = await page.evaluate((seconds) => {
      const w = globalThis as unknown as { bench: { sentKbps(pc: unknown, s: number): Promise<number> }; publisher: unknown };
      return new Promise<number>((resolve) => setTimeout(() => resolve(w.bench.sentKbps(w.publisher, 2)), seconds * 1000));
    }, RAMP_SECONDS - 2);
    const viaSfu = await page.evaluate(async (seconds) => {
      const samples: number[] = [];
      await (globalThis as unknown as { bench: { view(s: number[]): Promise<unknown> } }).bench.view(samples);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      return samples.slice(30);
    }, LATENCY_SECONDS);
    const direct = await page.evaluate(async (seconds) => {
      const samples: number[] = [];
      await (globalThis as unknown as { bench: { direct(s: number[]): Promise<unknown> } }).bench.direct(samples);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      return samples.slice(30);
    }, LATENCY_SECONDS);
    const lateJoins: LateJoinPhases[] = [];
    for (let i = 0; i < LATE_JOINS; i += 1) {
      lateJoins.push(
        await page.evaluate(async () => {
          const { pc, first } = await (
            globalThis as unknown as { bench: { view(): Promise<{ pc: { close(): void }; first: Promise<LateJoinPhases> }> } }
          ).bench.view();
          const phases = await Promise.race([
            first,
            new Promise<LateJoinPhases>((r) => setTimeout(() => r({ firstFrame: 10_000 }), 10_000)),
          ]);
          pc.close();
          return phases;
        }),
      );
    }
    return { rampKbps, viaSfu, direct, lateJoins };
  } finally {
    await browser.close();
    await sfu.closeRoom('bench-g2g');
  }
}

export async function videoSuite() {
  // A fresh media process for each part, so one part's leftovers never weigh on the next.
  const fresh = async <T>(work: (sfu: SfuSupervisor) => Promise<T>): Promise<T> => {
    const sfu = new SfuSupervisor({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: TARGET_KBPS });
    await sfu.start();
    try {
      return await work(sfu);
    } finally {
      await sfu.stop();
    }
  };
  {
    const cost = await fresh(forwardingCost);
    const browser = await fresh(browserFigures);
    const sfuP50 = percentile(browser.viaSfu, 50);
    const directP50 = percentile(browser.direct, 50);
    const best = cost.steps.reduce((a, b) => (b.forwardedStreams > a.forwardedStreams ? b : a));
    const firstFrames = browser.lateJoins.map((phases) => phases.firstFrame ?? 10_000);
    const lateJoinMedian = median(firstFrames);
    const phaseMedians = Object.fromEntries(
      LATE_JOIN_PHASES.map((phase) => {
        const values = browser.lateJoins.flatMap((phases) => (phases[phase] === undefined ? [] : [phases[phase]]));
        return [phase, values.length > 0 ? median(values) : null];
      }),
    );
    const meetsTarget =
      sfuP50 <= TARGETS.sfuP50Ms &&
      sfuP50 - directP50 <= TARGETS.addedP50Ms &&
      best.streamsPerCore >= TARGETS.streamsPerCore &&
      lateJoinMedian <= TARGETS.lateJoinMs;
    return {
      glassToGlass: {
        viaSfu: { samples: browser.viaSfu.length, p50Ms: sfuP50, p95Ms: percentile(browser.viaSfu, 95) },
        direct: { samples: browser.direct.length, p50Ms: directP50, p95Ms: percentile(browser.direct, 95) },
        addedP50Ms: round(sfuP50 - directP50, 1),
        ratio: round(sfuP50 / Math.max(directP50, 1), 2),
      },
      publisherBitrate: {
        targetKbps: TARGET_KBPS,
        afterSeconds: RAMP_SECONDS,
        measuredKbps: round(browser.rampKbps, 0),
        ratio: round(browser.rampKbps / TARGET_KBPS, 2),
      },
      lateJoin: {
        firstFrameMs: firstFrames.map((ms) => round(ms, 0)),
        medianMs: round(lateJoinMedian, 0),
        // Median ms from the start of a join to the end of each phase: where the time goes.
        phaseEndMedianMs: phaseMedians,
      },
      forwarding: cost,
      targets: TARGETS,
      meetsTarget,
      // Viewers that received nothing at all: their connection failed under the load of the run.
      failedRequests: cost.steps.reduce((sum, step) => sum + step.viewers - step.connected, 0) + (browser.viaSfu.length === 0 ? 1 : 0),
    };
  }
}
