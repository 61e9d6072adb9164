import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import { SESSION_COOKIE } from '@argus/contracts/http/auth';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { REALTIME_PATH } from '@argus/contracts/realtime/protocol';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { startNginx, type Nginx } from '../../apps/server/test/nginx';
import { REDIS_URL, dropRedisKeys, redisAnswers } from '../../apps/server/test/scale-out-support';
import { sharedDatabase } from '../../apps/server/test/server-processes';
import { ask, nextMessage, startWithIpc } from '../support/ipc';
import { freePort, productionEnv, stop } from '../support/processes';
import {
  cpuNow,
  cpuPerDelivery,
  cpuSince,
  localRedisPid,
  machineLoad,
  medians,
  projection,
  type CpuSpent,
  type PerDelivery,
  type Watched,
} from '../support/scale-out-cpu';
import { median, round } from '../support/stats';

const EMAIL = 'bench.scale@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const NODES = 3;
/** Subscribers in all, spread evenly over the nodes a run uses. */
const CLIENTS = 900;
/**
 * Events per second published on one node: by default 150, 135,000 deliveries a second asked. One
 * node on the two shared cores delivered them nearly on time unless other work crowded the machine,
 * and its CPU per delivery says that with a core of its own it could deliver several times more
 * (bench/README.md). So this load shows what spreading subscribers over nodes costs, not what more
 * nodes add; on a machine with a core per node, ask for more than one node can carry (about 700).
 */
const RATE = Number(process.env.BENCH_SCALE_OUT_RATE ?? 150);
const SECONDS_PER_RUN = 5;
const ROUNDS = 2;
/** A run is over when everything arrived, or nothing more arrived for this long. */
const DRAIN_QUIET_MS = 3000;
/** Subscribers behind nginx for the failover, and the events a second published meanwhile. */
const FAILOVER_CLIENTS = 90;
const FAILOVER_RATE = 20;

/** Issue 17's target: two nodes deliver at least 1.6 times what one does. */
export const TARGETS = { twoNodesRatio: 1.6 };

interface Stats {
  type: 'stats';
  deliveries: number;
  lastAt: number;
  closed: number;
}

/**
 * One run: RATE events a second for SECONDS_PER_RUN published on the first node, counted by every
 * client process; and the CPU each watched process spent from the first event to the end of the drain.
 */
async function run(watched: Watched): Promise<{ deliveriesPerSecond: number; delivered: number; expected: number; cpu: CpuSpent }> {
  const { nodes, clients } = watched;
  const publisher = nodes[0]!;
  const count = RATE * SECONDS_PER_RUN;
  const expected = count * CLIENTS;
  await Promise.all(clients.map((child) => ask(child, { type: 'reset' }, 'reset')));
  const cpuBefore = cpuNow(watched);
  const { startedAt } = await ask<{ type: 'published'; startedAt: number }>(publisher, { type: 'publish', rate: RATE, count }, 'published');
  let seen = -1;
  let quietSince = Date.now();
  for (;;) {
    const progress = await Promise.all(
      clients.map((child) => ask<{ type: 'progress'; deliveries: number }>(child, { type: 'progress' }, 'progress')),
    );
    const deliveries = progress.reduce((sum, answer) => sum + answer.deliveries, 0);
    if (deliveries >= expected) break;
    if (deliveries !== seen) [seen, quietSince] = [deliveries, Date.now()];
    else if (Date.now() - quietSince > DRAIN_QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stats = await Promise.all(clients.map((child) => ask<Stats>(child, { type: 'stats' }, 'stats')));
  const cpu = cpuSince(cpuBefore, watched);
  const delivered = stats.reduce((sum, answer) => sum + answer.deliveries, 0);
  const lastAt = Math.max(...stats.map((answer) => answer.lastAt));
  return { deliveriesPerSecond: delivered / ((lastAt - startedAt) / 1000), delivered, expected, cpu };
}

/** The client processes of a run over `nodes` nodes: CLIENTS in all, an even share subscribed on each. */
async function clientsOn(ports: number[], cookie: string): Promise<ChildProcess[]> {
  const children = ports.map((port) =>
    startWithIpc('bench/support/realtime-clients.ts', {
      TARGET_URL: `ws://127.0.0.1:${port}${REALTIME_PATH}`,
      CLIENTS: String(CLIENTS / ports.length),
      COOKIE: cookie,
      SUBSCRIBE: 'units',
    }),
  );
  await Promise.all(children.map((child) => nextMessage(child, 'ready')));
  return children;
}

/** A subscriber through nginx that, when its node goes, reconnects at once and resumes from the last seq it saw. */
class ResumingSubscriber {
  lastSeq: number | undefined;
  resumedAt: number | null = null;
  /** A reset, or a seq skipped or repeated: the resume did not hand over exactly what was missed. */
  lost = false;
  private socket: WebSocket | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {}

  /** Opens and subscribes; resolves once subscribed. */
  connect(): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.url, { headers: { cookie: this.cookie }, perMessageDeflate: false });
      this.socket = socket;
      const resuming = this.lastSeq !== undefined;
      socket.on('open', () =>
        socket.send(
          JSON.stringify({ type: 'subscribe', subscriptions: [{ channel: 'units', ...(resuming ? { since: this.lastSeq } : {}) }] }),
        ),
      );
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; seq?: number; data: { seq?: number } };
        if (frame.seq !== undefined) {
          if (this.lastSeq !== undefined && frame.seq !== this.lastSeq + 1) this.lost = true;
          this.lastSeq = frame.seq;
        } else if (frame.type === 'realtime.subscribed') {
          this.lastSeq ??= frame.data.seq;
          if (resuming) this.resumedAt = Date.now();
          resolve();
        } else if (frame.type === 'realtime.reset') this.lost = true;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (this.stopped) return;
        this.lost ||= this.lastSeq === undefined;
        setTimeout(() => void this.connect().then(resolve), resuming ? 50 : 0);
      });
    });
  }

  get wasMoved(): boolean {
    return this.resumedAt !== null;
  }

  close(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}

/**
 * Failover: subscribers through nginx (docs/deployment.md) spread over three nodes while events
 * flow; one node is killed (SIGKILL) and the time runs until every subscriber it held is
 * subscribed again on another node with its missed events replayed.
 */
async function failover(nodes: ChildProcess[], ports: number[], cookie: string) {
  let nginx: Nginx | undefined;
  const subscribers: ResumingSubscriber[] = [];
  try {
    nginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`));
    const url = `${nginx.baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
    for (let i = 0; i < FAILOVER_CLIENTS; i += 1) subscribers.push(new ResumingSubscriber(url, cookie));
    await Promise.all(subscribers.map((subscriber) => subscriber.connect()));
    const publishing = ask(nodes[0]!, { type: 'publish', rate: FAILOVER_RATE, count: FAILOVER_RATE * 6 }, 'published');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const victim = nodes[NODES - 1]!;
    const exited = new Promise((resolve) => victim.once('exit', resolve));
    const killedAt = Date.now();
    victim.kill('SIGKILL');
    await exited;
    await publishing;
    // The last replays land.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const moved = subscribers.filter((subscriber) => subscriber.wasMoved);
    const times = moved.map((subscriber) => subscriber.resumedAt! - killedAt);
    return {
      subscribers: FAILOVER_CLIENTS,
      moved: moved.length,
      resumedMs: { median: times.length ? median(times) : null, max: times.length ? Math.max(...times) : null },
      lostOrReset: subscribers.filter((subscriber) => subscriber.lost).length,
    };
  } finally {
    subscribers.forEach((subscriber) => subscriber.close());
    await nginx?.stop();
  }
}

async function seed(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const services = createServices(config, db, systemClock);
  await services.users.create(
    { email: EMAIL, full_name: 'Bench Command', role: 'Command_Admin', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  await db.close();
}

async function sessionCookie(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const session = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`))!;
  return session.split(';')[0]!;
}

/**
 * Issue 17: realtime fan-out with 1, 2 and 3 nodes in one run, on one PostgreSQL and one Redis.
 * Events are published on the first node and reach the others through Redis; CLIENTS subscribers
 * are spread over the nodes of the run. Then the failover time through nginx.
 */
export async function scaleOutSuite() {
  if (!(await redisAnswers())) throw new Error(`the scale-out bench needs Redis at ${REDIS_URL}`);
  const database = await sharedDatabase('postgres');
  const keyPrefix = `argus:bench:${process.pid}:`;
  const dataDirs = Array.from({ length: NODES }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-scale-')));
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  const envs = dataDirs.map((dataDir, index) => ({
    ...productionEnv(dataDir, ports[index]!),
    ...database.env,
    REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
  }));
  const children: ChildProcess[] = [];
  try {
    await seed(envs[0]!);
    const nodes = envs.map((env) => startWithIpc('bench/support/realtime-server.ts', env));
    children.push(...nodes);
    await Promise.all(nodes.map((node) => nextMessage(node, 'listening')));
    const cookie = await sessionCookie(ports[0]!);

    const redisPid = await localRedisPid();
    const loadAverageAtStart = os.loadavg().map((load) => round(load, 1));
    const runs: Record<number, number[]> = { 1: [], 2: [], 3: [] };
    const cpuRuns: Record<number, PerDelivery[]> = { 1: [], 2: [], 3: [] };
    const loadRuns: ReturnType<typeof machineLoad>[] = [];
    let undelivered = 0;
    for (let pass = 0; pass < ROUNDS; pass += 1) {
      for (const count of [1, 2, 3]) {
        const clients = await clientsOn(ports.slice(0, count), cookie);
        const watched = { nodes, redisPid, clients };
        if (pass === 0 && count === 1) await run(watched); // warm-up
        const result = await run(watched);
        const cpu = cpuPerDelivery(result.cpu, count, result.delivered);
        const load = machineLoad(result.cpu);
        console.log(
          `  ${count} node(s): ${result.delivered}/${result.expected} delivered, ${round(result.deliveriesPerSecond, 0)}/s; ` +
            `node CPU ${cpu.nodes === null ? '?' : round(cpu.nodes, 2)} µs per delivery; machine busy ${load.busyCores === null ? '?' : round(load.busyCores, 2)} cores`,
        );
        runs[count]!.push(result.deliveriesPerSecond);
        cpuRuns[count]!.push(cpu);
        loadRuns.push(load);
        undelivered += result.expected - result.delivered;
        for (const child of clients) await stop(child);
      }
    }
    const perNodes = Object.fromEntries(Object.entries(runs).map(([count, figures]) => [count, round(median(figures), 0)]));
    const cpuPerNodes = Object.fromEntries(Object.entries(cpuRuns).map(([count, rounds]) => [count, medians(rounds, 2)]));
    const twoNodesRatio = round(perNodes[2]! / perNodes[1]!, 2);
    const failoverFigures = await failover(nodes, ports, cookie);
    console.log(`  failover: ${failoverFigures.moved} subscribers moved, resumed in ${failoverFigures.resumedMs.max} ms at most`);
    return {
      suite: 'scale-out',
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadAverageAtStart,
        loadAverage: os.loadavg().map((load) => round(load, 1)),
        /** Medians over the measured runs, in cores of the machine's. */
        duringRuns: medians(loadRuns, 2),
      },
      load: { clients: CLIENTS, eventsPerSecond: RATE, secondsPerRun: SECONDS_PER_RUN, rounds: ROUNDS },
      deliveriesPerSecond: perNodes,
      twoNodesRatio,
      threeNodesRatio: round(perNodes[3]! / perNodes[1]!, 2),
      /** µs of CPU per frame delivered (medians of the rounds): the nodes with subscribers, the busiest of them, the others, Redis, the clients. */
      cpuMicrosPerDelivery: cpuPerNodes,
      projection: projection(cpuPerNodes, RATE * CLIENTS),
      failover: failoverFigures,
      targets: TARGETS,
      meetsTarget: twoNodesRatio >= TARGETS.twoNodesRatio,
      failedRequests: undelivered + failoverFigures.lostOrReset,
    };
  } finally {
    // The node the failover killed is gone already.
    for (const child of children.reverse()) if (child.signalCode === null) await stop(child);
    await database.drop();
    await dropRedisKeys(keyPrefix);
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
