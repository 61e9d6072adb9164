import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { REDIS_URL } from '../../apps/server/test/scale-out-support';
import { cpuSeconds, machineBusySeconds } from './processes';
import { median, round } from './stats';

/**
 * The scale-out bench's CPU accounting (bench/README.md, "CPU per delivery"): what each group of
 * processes spent over a round, per frame delivered, and what that projects with a core per node.
 */

/** The processes a run reads the CPU of: every Argus node (all run in every configuration), Redis's server, the run's client processes. */
export interface Watched {
  nodes: ChildProcess[];
  redisPid: number | undefined;
  clients: ChildProcess[];
}

/** CPU seconds spent over one run, by process group; null where /proc could not tell. */
export interface CpuSpent {
  /** One figure per node, in the order they were started. */
  nodes: (number | null)[];
  redis: number | null;
  clients: number | null;
  /** This process, which publishes nothing: it asks the clients for progress. */
  bench: number;
  /** All the machine's cores; what the groups above did not use, other work did. */
  machine: number | null;
  wallSeconds: number;
}

const sumOrNull = (values: (number | null)[]) =>
  values.includes(null) ? null : (values as number[]).reduce((sum, value) => sum + value, 0);

export function cpuNow(watched: Watched) {
  return {
    nodes: watched.nodes.map((node) => cpuSeconds(node.pid)),
    redis: cpuSeconds(watched.redisPid),
    clients: sumOrNull(watched.clients.map((child) => cpuSeconds(child.pid))),
    bench: process.cpuUsage(),
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

export function cpuSince(before: ReturnType<typeof cpuNow>, watched: Watched): CpuSpent {
  const after = cpuNow(watched);
  const spent = (from: number | null | undefined, to: number | null | undefined) => (from == null || to == null ? null : to - from);
  const bench = process.cpuUsage(before.bench);
  return {
    nodes: after.nodes.map((to, index) => spent(before.nodes[index], to)),
    redis: spent(before.redis, after.redis),
    clients: spent(before.clients, after.clients),
    bench: (bench.user + bench.system) / 1e6,
    machine: spent(before.machine, after.machine),
    wallSeconds: (after.at - before.at) / 1000,
  };
}

/**
 * The pid of the Redis server the nodes use, from its own INFO, where it runs on this machine (its
 * CPU cannot be read otherwise); undefined where it does not or does not answer. Asked in Redis's
 * inline command form, so the bench needs no Redis client of its own.
 */
export function localRedisPid(): Promise<number | undefined> {
  const url = new URL(REDIS_URL);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let reply = '';
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      const pid = /^process_id:(\d+)/m.exec(reply)?.[1];
      if (pid === undefined) return;
      resolve(Number(pid));
      socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(undefined));
  });
}

/** Microseconds of CPU per frame delivered, by process group, in one run whose subscribers are on the first `serving` nodes. */
export function cpuPerDelivery(cpu: CpuSpent, serving: number, delivered: number) {
  const micros = (seconds: number | null) => (seconds === null ? null : (seconds * 1e6) / delivered);
  const servingNodes = cpu.nodes.slice(0, serving);
  return {
    nodes: micros(sumOrNull(servingNodes)),
    busiestNode: servingNodes.includes(null) ? null : micros(Math.max(...(servingNodes as number[]))),
    /** The nodes that run without subscribers: each still receives every event through Redis. */
    idleNodes: micros(sumOrNull(cpu.nodes.slice(serving))),
    redis: micros(cpu.redis),
    clients: micros(cpu.clients),
  };
}
export type PerDelivery = ReturnType<typeof cpuPerDelivery>;

/** How busy the machine's cores were over a run: in all, and with everything this bench started taken away. */
export function machineLoad(cpu: CpuSpent) {
  const ours = sumOrNull([...cpu.nodes, cpu.redis, cpu.clients]);
  return {
    busyCores: cpu.machine === null ? null : cpu.machine / cpu.wallSeconds,
    otherWorkCores: cpu.machine === null || ours === null ? null : (cpu.machine - ours - cpu.bench) / cpu.wallSeconds,
  };
}

const medianOrNull = (values: (number | null)[], digits: number) => {
  const known = values.filter((value) => value !== null);
  return known.length ? round(median(known), digits) : null;
};

/** Per key, the median over the rounds of one configuration. */
export function medians<T extends Record<string, number | null>>(rounds: T[], digits: number) {
  const of = (key: keyof T) =>
    medianOrNull(
      rounds.map((each) => each[key]),
      digits,
    );
  return Object.fromEntries(Object.keys(rounds[0]!).map((key) => [key, of(key)])) as Record<keyof T, number | null>;
}

/**
 * What the CPU figures project for a machine where each node and each client process has a core
 * of its own: n nodes deliver n cores ÷ node CPU per delivery, the n client processes (one per
 * node) receive n cores ÷ client CPU per delivery. A projection from CPU time measured on a
 * shared machine, not the measurement.
 */
export function projection(cpu: Record<number, Record<keyof PerDelivery, number | null>>, offered: number) {
  const withCorePerNode = (nodes: number) => {
    const { nodes: nodeMicros, clients: clientMicros } = cpu[nodes]!;
    if (nodeMicros === null || clientMicros === null) return null;
    return { nodes: round((nodes * 1e6) / nodeMicros, 0), clients: round((nodes * 1e6) / clientMicros, 0) };
  };
  const ratio = (over: number | undefined, under: number | undefined) =>
    over === undefined || under === undefined ? null : round(over / under, 2);
  const [one, two, three] = [withCorePerNode(1), withCorePerNode(2), withCorePerNode(3)];
  const busiestOfTwo = cpu[2]!.busiestNode;
  const deliverable = (limits: typeof one, asked = Infinity) => (limits ? Math.min(limits.nodes, limits.clients, asked) : undefined);
  return {
    measured: false,
    twoNodesRatioFromNodeCpu: ratio(two?.nodes, one?.nodes),
    threeNodesRatioFromNodeCpu: ratio(three?.nodes, one?.nodes),
    /** The stricter reading: the busiest node of two (the publishing one) saturates its core first. */
    twoNodesRatioFromBusiestNode: ratio(busiestOfTwo === null ? undefined : 1e6 / busiestOfTwo, one?.nodes),
    /** Deliveries a second the nodes could send and the client processes receive, by configuration. */
    deliveriesPerSecondWithCorePerNode: { 1: one, 2: two, 3: three },
    /** Two nodes' projection capped by what their client processes could receive, over one node's. */
    twoNodesRatio: ratio(deliverable(two), one?.nodes),
    /** The same with every configuration also capped by the deliveries a second this bench asks for. */
    offeredDeliveriesPerSecond: offered,
    twoNodesRatioAtOfferedLoad: ratio(deliverable(two, offered), deliverable(one, offered)),
  };
}
