import { WebSocket } from 'ws';
import { percentile } from './stats';
import type { BenchCommand } from './pacing';

/**
 * Many WebSocket clients in one process, apart from the server they measure. Each counts the
 * event frames it receives and how long after the event was due each arrived (its position's
 * `at`, set by the publishing server from the same machine's clock). Control frames carry no seq
 * and are not counted.
 */
const url = process.env.TARGET_URL!;
const count = Number(process.env.CLIENTS);
const cookie = process.env.COOKIE;
const subscribe = process.env.SUBSCRIBE;
const OPEN_AT_ONCE = 50;

const SEQ = Buffer.from('"seq":');
const DUE_AT = Buffer.from('"at":');
let latencies: number[] = [];
let deliveries = 0;
let lastAt = 0;

function record(data: Buffer): void {
  if (data.indexOf(SEQ) === -1) return;
  const now = Date.now();
  let at = 0;
  for (let i = data.indexOf(DUE_AT) + DUE_AT.length; data[i]! >= 48 && data[i]! <= 57; i += 1) at = at * 10 + data[i]! - 48;
  latencies.push(now - at);
  deliveries += 1;
  lastAt = now;
}

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => record(data));
    if (!subscribe) {
      socket.once('open', () => resolve(socket));
      return;
    }
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', subscriptions: [{ channel: subscribe }] })));
    const confirmed = (data: Buffer) => {
      if (!data.toString().includes('"realtime.subscribed"')) return;
      socket.off('message', confirmed);
      resolve(socket);
    };
    socket.on('message', confirmed);
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i += OPEN_AT_ONCE) {
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, count - i) }, open))));
}
process.send!({ type: 'ready', open: sockets.length });

process.on('message', (command: BenchCommand) => {
  if (command.type === 'reset') {
    latencies = [];
    deliveries = 0;
    lastAt = 0;
    process.send!({ type: 'reset' });
  } else if (command.type === 'progress') {
    process.send!({ type: 'progress', deliveries });
  } else if (command.type === 'stats') {
    const closed = sockets.filter((socket) => socket.readyState !== WebSocket.OPEN).length;
    const summary = deliveries
      ? { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), maxMs: percentile(latencies, 100) }
      : null;
    process.send!({ type: 'stats', deliveries, lastAt, closed, latency: summary });
  }
});

process.once('SIGTERM', () => {
  sockets.forEach((socket) => socket.terminate());
  process.exit(0);
});
