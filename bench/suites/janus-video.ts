import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { JanusMediaServer } from '../../apps/server/src/media/janus/janus-media-server';
import { SfuSupervisor } from '../../apps/server/src/media/sfu-supervisor';
import { createPublisher } from '../../apps/server/src/media/werift-client';
import { startTestPattern } from '../../apps/server/src/media/test-pattern';
import { startJanus } from '../../apps/server/test/janus-process';
import { nextMessage, startWithIpc } from '../support/ipc';
import { cpuCoresOver, repoRoot } from '../support/processes';
import { round } from '../support/stats';

const VIEWER_STEPS = [1, 10, 40];
const VIEWER_PROCESSES = 4;
const CPU_SECONDS = 5;
const SETTINGS = { iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 };

const ask = <T extends { type: string }>(child: ChildProcess, command: object, reply: T['type']) => {
  const answer = nextMessage<T>(child, reply, 120_000);
  child.send(command);
  return answer;
};

/** One media server under test: the process that forwards, and how a publisher and viewers join it. */
interface Forwarder {
  pid: () => number;
  publish(peerId: string, sdp: string): Promise<string>;
  addViewers(child: ChildProcess, count: number, ids: string[]): Promise<void>;
}

/** CPU per forwarded viewer stream: ffmpeg's ~700 kbit/s VP8 to 1, 10 and 40 werift viewers in other processes. */
async function forwardingCost(room: string, forwarder: Forwarder) {
  const publisher = createPublisher('VP8');
  await publisher.accept(await forwarder.publish(`${room}-publisher`, await publisher.offer()));
  await publisher.connected();
  const pattern = await startTestPattern('VP8', (packet) => publisher.track.writeRtp(packet), { bitrateKbps: 700, noise: true });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pid = forwarder.pid();
  const ingestOnly = await cpuCoresOver(pid, CPU_SECONDS);
  const processes = Array.from({ length: VIEWER_PROCESSES }, () => startWithIpc(path.join(repoRoot, 'bench/support/video-viewers.ts'), {}));
  await Promise.all(processes.map((child) => nextMessage(child, 'ready')));
  const packets = async () =>
    (
      await Promise.all(processes.map((child) => ask<{ type: 'packets'; counts: number[] }>(child, { type: 'packets' }, 'packets')))
    ).flatMap((reply) => reply.counts);
  const steps: { viewers: number; connected: number; cpuCores: number; forwardedStreams: number; streamsPerCore: number }[] = [];
  let total = 0;
  let sourceRate = 0;
  for (const target of VIEWER_STEPS) {
    const add = target - total;
    await Promise.all(
      processes.map(async (child, index) => {
        const count = Math.floor(add / processes.length) + (index < add % processes.length ? 1 : 0);
        if (count === 0) return;
        await forwarder.addViewers(
          child,
          count,
          Array.from({ length: count }, (_, n) => `${room}-viewer-${index}-${total}-${n}`),
        );
      }),
    );
    total = target;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await packets();
    const cores = await cpuCoresOver(pid, CPU_SECONDS);
    const after = await packets();
    const perViewer = after.map((count, index) => (count - (before[index] ?? 0)) / CPU_SECONDS);
    const delivered = perViewer.reduce((sum, rate) => sum + rate, 0);
    if (target === 1) sourceRate = delivered;
    const forwardedStreams = sourceRate > 0 ? delivered / sourceRate : 0;
    const perStream = Math.max(cores - ingestOnly, 0.0001) / Math.max(forwardedStreams, 0.01);
    steps.push({
      viewers: target,
      connected: perViewer.filter((rate) => rate > 0).length,
      cpuCores: round(cores, 3),
      forwardedStreams: round(forwardedStreams, 1),
      streamsPerCore: Math.round(1 / perStream),
    });
  }
  for (const child of processes) child.send({ type: 'close' });
  pattern.stop();
  await publisher.close();
  return { ingestOnlyCpuCores: round(ingestOnly, 3), steps };
}

/**
 * Viewer streams per core on Janus (viewers subscribed in Janus itself, which offers to them) against
 * the embedded SFU, in the same run (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export async function janusVideoSuite() {
  const sfu = new SfuSupervisor(SETTINGS);
  await sfu.start();
  const embedded = await forwardingCost('bench-sfu', {
    pid: () => sfu.pid!,
    publish: (peerId, sdp) => sfu.publish('bench-sfu', peerId, sdp),
    async addViewers(child, count, ids) {
      const { sdps } = await ask<{ type: 'offers'; sdps: string[] }>(child, { type: 'offers', count }, 'offers');
      const answers = await Promise.all(sdps.map((sdp, n) => sfu.view('bench-sfu', ids[n]!, sdp)));
      await ask(child, { type: 'answers', sdps: answers }, 'connected');
    },
  }).finally(() => sfu.stop());

  const janus = await startJanus();
  const media = new JanusMediaServer({ urls: [janus.url], targetBitrateKbps: SETTINGS.targetBitrateKbps }, new SfuSupervisor(SETTINGS));
  await media.start();
  const onJanus = await forwardingCost('bench-janus', {
    pid: () => janus.pid,
    publish: (peerId, sdp) => media.publish('bench-janus', peerId, sdp),
    async addViewers(child, _count, ids) {
      const offers = await Promise.all(ids.map((id) => media.viewOffer('bench-janus', id)));
      const { sdps } = await ask<{ type: 'answered'; sdps: string[] }>(child, { type: 'answerOffers', sdps: offers }, 'answered');
      await Promise.all(sdps.map((sdp, n) => media.answer(ids[n]!, sdp)));
      await ask(child, { type: 'settle' }, 'connected');
    },
  }).finally(async () => {
    await media.stop();
    await janus.stop();
  });

  const best = (steps: { forwardedStreams: number; streamsPerCore: number }[]) =>
    steps.reduce((a, b) => (b.forwardedStreams > a.forwardedStreams ? b : a)).streamsPerCore;
  const failed = [...embedded.steps, ...onJanus.steps].reduce((sum, step) => sum + step.viewers - step.connected, 0);
  return {
    embeddedSfu: embedded,
    janus: onJanus,
    streamsPerCore: {
      embeddedSfu: best(embedded.steps),
      janus: best(onJanus.steps),
      ratio: round(best(onJanus.steps) / best(embedded.steps), 2),
    },
    // A comparison, with no target of the to meet.
    meetsTarget: true,
    failedRequests: failed,
  };
}
