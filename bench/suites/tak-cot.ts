import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { readCot, readCotWithNodeCot } from '../../apps/server/src/features/tak/cot-reading';
import { nextMessage, startWithIpc } from '../support/ipc';
import { cpuSeconds, freePort, productionEnv, stop } from '../support/processes';
import { median, round } from '../support/stats';

/**
 * Issue 18's CoT bench: PLI events per second that Argus reads, maps (each one a TAK contact's SA,
 * saved and announced) and relays to the other devices, over one TLS stream in, against a bare TLS
 * relay of the same bytes in the same run (bench/support/tak-cot-server.ts).
 */
export const TARGETS = { eventsPerSecond: 20_000, ratio: 0.5 };

const EVENTS = Number(process.env.BENCH_TAK_EVENTS ?? 30_000);
/** Devices whose PLIs the stream carries, as a busy TAK Server relays a company's. */
const DEVICES = 100;
/** Devices that receive the relayed stream. */
const RECEIVERS = 3;
const ROUNDS = 3;
const MARK = 'BENCHPLI';
/** A round that has not finished in this long failed (a device dropped, events lost). */
const ROUND_LIMIT_MS = 120_000;

function pli(index: number, at: number): string {
  const uid = `ANDROID-bench-${index % DEVICES}`;
  const time = new Date(at).toISOString();
  const stale = new Date(at + 75_000).toISOString();
  const lat = (51 + (index % 1000) / 10_000).toFixed(6);
  const lon = (-0.1 - (index % 997) / 10_000).toFixed(6);
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n` +
    `<event version='2.0' uid='${uid}' type='a-f-G-U-C' time='${time}' start='${time}' stale='${stale}' how='m-g'>` +
    `<point lat='${lat}' lon='${lon}' hae='9999999.0' ce='9999999.0' le='9999999.0'/>` +
    `<detail><takv device='SAMSUNG SM-G998U' platform='ATAK-CIV' os='33' version='4.10.0.27'/>` +
    `<contact endpoint='*:-1:stcp' callsign='${MARK}-${index % DEVICES}'/><uid Droid='${MARK}-${index % DEVICES}'/>` +
    `<__group role='Team Member' name='Cyan'/><status battery='76'/><track course='271.5' speed='3.25'/></detail></event>`
  );
}

function connect(port: number, ca: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ port, host: '127.0.0.1', ca, servername: 'localhost' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Counts the marked events a receiver is sent (a mark may straddle two reads). */
function counter(socket: tls.TLSSocket) {
  const state = { count: 0, tail: '', closed: false };
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => {
    const joined = state.tail + text;
    state.count += joined.split(`callsign='${MARK}`).length - 1;
    state.tail = joined.slice(-(MARK.length + 12));
    state.count -= state.tail.split(`callsign='${MARK}`).length - 1;
  });
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => undefined);
  return state;
}

interface Round {
  /** Events per second, null when the round failed. */
  rate: number | null;
  /** The servers' process CPU time per event over the round (10 ms ticks, so a few per cent either way). */
  serverCpuMicros: number | null;
}

/**
 * One round: the receivers connect, one sender writes every event, and the clock runs until each
 * receiver has them all. `serverPid`'s CPU time over the same span is what each event cost the
 * server, whatever the sender and receivers (sharing the machine) could keep up with.
 */
async function round_(port: number, ca: string, stream: Buffer, serverPid: number | undefined): Promise<Round> {
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => connect(port, ca)));
  const counts = receivers.map(counter);
  const sender = await connect(port, ca);
  sender.on('data', () => undefined);
  // What each connection is sent on connecting (Argus's offer and picture) settles before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const count of counts) count.count = 0;
  const cpuBefore = cpuSeconds(serverPid);
  const started = performance.now();
  for (let at = 0; at < stream.length; at += 64 * 1024)
    if (!sender.write(stream.subarray(at, at + 64 * 1024))) await new Promise((resolve) => sender.once('drain', resolve));
  const deadline = started + ROUND_LIMIT_MS;
  while (counts.some((count) => count.count < EVENTS && !count.closed) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(serverPid);
  const complete = counts.every((count) => count.count === EVENTS);
  if (!complete)
    console.error(
      `tak-cot: a round on port ${port} ended after ${Math.round(seconds)} s with ${counts.map((count) => `${count.count}${count.closed ? ' (closed)' : ''}`).join(', ')} of ${EVENTS} events`,
    );
  for (const socket of [...receivers, sender]) socket.destroy();
  const serverCpuMicros = cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1e6) / EVENTS : null;
  return { rate: complete ? EVENTS / seconds : null, serverCpuMicros };
}

/** The readers alone, in this process: every event through node-cot (xml-js and its schema check), and readCot with its fast PLI path. */
function parserRates(events: string[]) {
  const rate = (work: (xml: string) => unknown) => {
    const started = performance.now();
    for (const xml of events) work(xml);
    return Math.round(events.length / ((performance.now() - started) / 1000));
  };
  rate(readCotWithNodeCot); // warm-up
  rate(readCot);
  return { nodeCotPerSecond: rate(readCotWithNodeCot), readCotPerSecond: rate(readCot) };
}

export async function takCotSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-tak-'));
  const now = Date.now();
  const events = Array.from({ length: EVENTS }, (_, index) => pli(index, now + index));
  const stream = Buffer.from(events.join(''));
  const child = startWithIpc('bench/support/tak-cot-server.ts', productionEnv(dataDir, await freePort()));
  try {
    const ready = await nextMessage<{ type: 'listening'; argusPort: number; echoPort: number; ca: string }>(child, 'listening');
    const argusRounds: Round[] = [];
    const echoRounds: Round[] = [];
    // Warm-ups, one each so neither side's first measured round is its cold one: JIT, TLS, and the contacts' rows exist.
    await round_(ready.echoPort, ready.ca, stream, child.pid);
    await round_(ready.argusPort, ready.ca, stream, child.pid);
    for (let index = 0; index < ROUNDS; index += 1) {
      echoRounds.push(await round_(ready.echoPort, ready.ca, stream, child.pid));
      argusRounds.push(await round_(ready.argusPort, ready.ca, stream, child.pid));
    }
    const argus = argusRounds.map((each) => each.rate);
    const echo = echoRounds.map((each) => each.rate);
    const cpu = (rounds: Round[]) => {
      const known = rounds.flatMap((each) => (each.serverCpuMicros === null ? [] : [each.serverCpuMicros]));
      return known.length > 0 ? round(median(known)) : null;
    };
    const failed = [...argus, ...echo].filter((rate) => rate === null).length;
    const ratios = argus.map((rate, index) => (rate && echo[index] ? rate / echo[index] : 0));
    const argusRate = median(argus.map((rate) => rate ?? 0));
    const ratio = median(ratios);
    return {
      suite: 'tak-cot',
      events: EVENTS,
      devices: DEVICES,
      receivers: RECEIVERS,
      argusEventsPerSecond: Math.round(argusRate),
      echoEventsPerSecond: Math.round(median(echo.map((rate) => rate ?? 0))),
      ratio: round(ratio),
      roundRatios: ratios.map((value) => round(value)),
      /** Server CPU per event (µs, median of the rounds): Argus's endpoint and the bare relay, in the same process. */
      serverCpuMicrosPerEvent: { argus: cpu(argusRounds), echo: cpu(echoRounds) },
      parser: parserRates(events.slice(0, 10_000)),
      targets: TARGETS,
      failedRequests: failed,
      meetsTarget: failed === 0 && argusRate >= TARGETS.eventsPerSecond && ratio >= TARGETS.ratio,
    };
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
