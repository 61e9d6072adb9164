import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { WebSocket } from 'ws';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { Scenario } from '../../apps/server/src/simulator/scenario';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { ask, nextMessage, startWithIpc } from '../support/ipc';
import { freePort, productionEnv, stop, waitUntilAnswering } from '../support/processes';
import { median, round } from '../support/stats';

const EMAIL = 'bench.command@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const CLIENTS = 1000;
/** Events per second: the reference load (about 20,000 deliveries/s), then five times it. */
const RATES = [20, 100];
const SECONDS_PER_RUN = 10;
const ROUNDS = 3;
/** A run is over when everything arrived, or nothing more arrived for this long. */
const DRAIN_QUIET_MS = 5000;
const POSITION_UNITS = 200;
const POSITION_SECONDS = 5;
const POSITION_CONNECTIONS = 10;
/** The simulator's share of the run: position reports per second across the POS- units, and for how long. */
const SCENARIO_RATE = 400;
const SCENARIO_SECONDS = 5;
const PUBLIC_EMAIL = 'bench.public@argus.test';

/** Issue 4's targets, at the same event rate in the same run. */
export const TARGETS = { deliveriesRatio: 0.5, p99Ratio: 1.5, positionsPerSecond: 2000 };

interface Delivery {
  deliveriesPerSecond: number;
  delivered: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  closedSockets: number;
}

interface Stats {
  type: 'stats';
  deliveries: number;
  lastAt: number;
  closed: number;
  latency: { p50Ms: number; p99Ms: number; maxMs: number } | null;
}

/** One run: `rate` events a second for SECONDS_PER_RUN, to every client, until all arrive or delivery stalls. */
async function run(server: ChildProcess, clients: ChildProcess, rate: number): Promise<Delivery> {
  const count = rate * SECONDS_PER_RUN;
  const expected = count * CLIENTS;
  await ask(clients, { type: 'reset' }, 'reset');
  const { startedAt } = await ask<{ type: 'published'; startedAt: number }>(server, { type: 'publish', rate, count }, 'published');
  let seen = -1;
  let quietSince = Date.now();
  for (;;) {
    const { deliveries } = await ask<{ type: 'progress'; deliveries: number }>(clients, { type: 'progress' }, 'progress');
    if (deliveries >= expected) break;
    if (deliveries !== seen) [seen, quietSince] = [deliveries, Date.now()];
    else if (Date.now() - quietSince > DRAIN_QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stats = await ask<Stats>(clients, { type: 'stats' }, 'stats');
  console.log(
    `  ${rate} events/s: ${stats.deliveries}/${expected} delivered, p50 ${stats.latency?.p50Ms} ms, p99 ${stats.latency?.p99Ms} ms`,
  );
  return {
    deliveriesPerSecond: stats.deliveries / ((stats.lastAt - startedAt) / 1000),
    delivered: stats.deliveries,
    expected,
    p50Ms: stats.latency?.p50Ms ?? NaN,
    p99Ms: stats.latency?.p99Ms ?? NaN,
    closedSockets: stats.closed,
  };
}

function summarise(runs: Delivery[]) {
  return {
    deliveriesPerSecond: round(median(runs.map((r) => r.deliveriesPerSecond)), 0),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    delivered: runs.reduce((sum, r) => sum + r.delivered, 0),
    expected: runs.reduce((sum, r) => sum + r.expected, 0),
  };
}

/**
 * The scenario simulator (the demo's, `npm run simulate`) as a load generator: the POS- units
 * patrol and report positions at SCENARIO_RATE in all, incidents and civic reports arrive and are
 * dispatched, all through the public API as real clients would. It reports what it reached.
 */
async function scenario(base: string) {
  const tickMs = Math.round((POSITION_UNITS / SCENARIO_RATE) * 1000);
  const simulator = await Scenario.start(
    {
      baseUrl: base,
      command: { email: EMAIL, password: PASSWORD },
      civic: { email: PUBLIC_EMAIL, password: PASSWORD },
      tickMs,
      incidentEveryMs: 1_000,
      reportEveryMs: 1_000,
      onSceneSeconds: 2,
    },
    'POS-',
  );
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SCENARIO_SECONDS * 1000));
  simulator.stop();
  const seconds = (performance.now() - started) / 1000;
  const { stats } = simulator;
  console.log(
    `  scenario: ${stats.positions} positions, ${stats.incidents} incidents, ${stats.reports} reports, ${stats.dispatches} dispatches, ${stats.errors} errors in ${round(seconds, 1)} s`,
  );
  return {
    requestedPositionsPerSecond: SCENARIO_RATE,
    positionsPerSecond: round(stats.positions / seconds, 0),
    ...stats,
    seconds: SCENARIO_SECONDS,
  };
}

/** The command account the load signs in with, and the units its position reports move. */
async function seed(env: Record<string, string>): Promise<string[]> {
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  const services = createServices(config, db, systemClock);
  await services.users.create(
    { email: EMAIL, full_name: 'Bench Command', role: 'Command_Admin', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  await services.users.create(
    { email: PUBLIC_EMAIL, full_name: 'Bench Public', role: 'Civic_Reporter', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  const unitIds: string[] = [];
  for (let i = 0; i < POSITION_UNITS; i += 1)
    unitIds.push((await services.units.create({ callsign: `POS-${i}`, kind: 'patrol', members: [] })).id);
  await db.close();
  return unitIds;
}

async function signIn(base: string) {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
  return {
    session: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}`,
    headers: {
      cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`,
      [CSRF_HEADER]: cookies[CSRF_COOKIE]!,
      'content-type': 'application/json',
    },
  };
}

/**
 * What one durable commit costs on this disk right now: SQLite (WAL, synchronous=FULL) pays an
 * fsync per transaction, so this bounds position reports per second more than any code does.
 */
function fsyncP50Ms(dir: string): number {
  const file = path.join(dir, 'fsync-probe');
  const fd = fs.openSync(file, 'w');
  const times: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    fs.writeSync(fd, Buffer.alloc(4096));
    fs.fsyncSync(fd);
    times.push(performance.now() - started);
  }
  fs.closeSync(fd);
  fs.rmSync(file);
  return round(median(times), 2);
}

/**
 * Position reports end to end: POST /units/:id/position under autocannon (each with its own
 * clientId, spread over POSITION_UNITS units), committed to SQLite, announced, and counted as
 * they reach one WebSocket subscriber of "units".
 */
async function positions(base: string, headers: Record<string, string>, session: string, unitIds: string[], dataDir: string) {
  const subscriber = new WebSocket(`${base.replace('http', 'ws')}/ws/realtime`, { headers: { cookie: session }, perMessageDeflate: false });
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    subscriber.once('error', reject);
    subscriber.once('open', () => subscriber.send(JSON.stringify({ type: 'subscribe', subscriptions: [{ channel: 'units' }] })));
    subscriber.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.includes('"realtime.subscribed"')) resolve();
      else if (text.includes('"unit.position"')) received += 1;
    });
  });
  let sent = 0;
  const load = (duration: number) =>
    autocannon({
      url: `${base}/units/${unitIds[0]}/position`,
      connections: POSITION_CONNECTIONS,
      duration,
      headers,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            sent += 1;
            const body = JSON.stringify({
              clientId: randomUUID(),
              location: { lat: 51.5 + (sent % 100) / 1000, lon: -0.12, accuracy: 8 },
              heading: sent % 360,
              speed: 10,
            });
            return { ...request, path: `/units/${unitIds[sent % unitIds.length]}/position`, body };
          },
        },
      ],
    });
  await load(2);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const fsyncBefore = fsyncP50Ms(dataDir);
  const before = received;
  const result = await load(POSITION_SECONDS);
  const fsyncAfter = fsyncP50Ms(dataDir);
  // Fan-out is not waited on by the request; give the last frames a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 500));
  subscriber.terminate();
  return {
    requestsPerSecond: round(result.requests.average, 0),
    accepted: result['2xx'],
    deliveredToSubscriber: received - before,
    deliveredPerSecond: round((received - before) / POSITION_SECONDS, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    fsyncP50Ms: { before: fsyncBefore, after: fsyncAfter },
  };
}

/**
 * Fan-out to 1,000 WebSocket clients (in a process of their own) against a bare `ws` broadcast
 * of the same frames to 1,000 clients, at the same fixed event rates, alternating rounds so
 * drift on a shared machine hits both alike; then position reports ingested end to end.
 */
export async function realtimeSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-realtime-'));
  const [argusPort, barePort] = await Promise.all([freePort(), freePort()]);
  const env = productionEnv(dataDir, argusPort);
  const unitIds = await seed(env);
  const argus = startWithIpc('bench/support/realtime-server.ts', env);
  const bare = startWithIpc('bench/support/bare-broadcast-server.ts', { PORT: String(barePort) });
  const children: ChildProcess[] = [argus, bare];
  try {
    await Promise.all([nextMessage(argus, 'listening'), nextMessage(bare, 'listening')]);
    const base = `http://127.0.0.1:${argusPort}`;
    await waitUntilAnswering(`${base}/health`, argus);
    const { session, headers } = await signIn(base);

    const argusClients = startWithIpc('bench/support/realtime-clients.ts', {
      TARGET_URL: `ws://127.0.0.1:${argusPort}/ws/realtime`,
      CLIENTS: String(CLIENTS),
      COOKIE: session,
      SUBSCRIBE: 'units',
    });
    const bareClients = startWithIpc('bench/support/realtime-clients.ts', {
      TARGET_URL: `ws://127.0.0.1:${barePort}`,
      CLIENTS: String(CLIENTS),
    });
    children.push(argusClients, bareClients);
    await Promise.all([nextMessage(argusClients, 'ready'), nextMessage(bareClients, 'ready')]);

    // A short warm-up each, so JIT and buffers are hot before anything counts.
    await run(bare, bareClients, RATES[0]!);
    await run(argus, argusClients, RATES[0]!);

    const fanOut = [];
    for (const rate of RATES) {
      const bareRuns: Delivery[] = [];
      const argusRuns: Delivery[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        bareRuns.push(await run(bare, bareClients, rate));
        argusRuns.push(await run(argus, argusClients, rate));
      }
      const argusFigures = summarise(argusRuns);
      const bareFigures = summarise(bareRuns);
      fanOut.push({
        eventsPerSecond: rate,
        argus: argusFigures,
        bareBroadcast: bareFigures,
        deliveriesRatio: round(argusFigures.deliveriesPerSecond / bareFigures.deliveriesPerSecond, 3),
        p99Ratio: round(argusFigures.p99Ms / Math.max(bareFigures.p99Ms, 1), 2),
        closedSockets: Math.max(...argusRuns.map((r) => r.closedSockets), ...bareRuns.map((r) => r.closedSockets)),
      });
    }
    await Promise.all([stop(argusClients), stop(bareClients)]);

    const positionFigures = await positions(base, headers, session, unitIds, dataDir);
    const scenarioFigures = await scenario(base);
    const undelivered = fanOut.reduce((sum, rate) => sum + rate.argus.expected - rate.argus.delivered, 0);
    const meetsTarget =
      fanOut.every((rate) => rate.deliveriesRatio >= TARGETS.deliveriesRatio && rate.p99Ratio <= TARGETS.p99Ratio) &&
      positionFigures.deliveredPerSecond >= TARGETS.positionsPerSecond;
    return {
      suite: 'realtime',
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((load) => round(load, 1)) },
      load: { clients: CLIENTS, eventsPerSecond: RATES, secondsPerRun: SECONDS_PER_RUN, rounds: ROUNDS },
      fanOut,
      positions: {
        ...positionFigures,
        units: POSITION_UNITS,
        connections: POSITION_CONNECTIONS,
        seconds: POSITION_SECONDS,
        database: 'sqlite',
      },
      scenario: scenarioFigures,
      targets: TARGETS,
      meetsTarget,
      failedRequests: positionFigures.failed + scenarioFigures.errors + undelivered + Math.max(...fanOut.map((rate) => rate.closedSockets)),
    };
  } finally {
    for (const child of children.reverse()) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
