import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Argus as it runs in production, on a fresh data folder and a port of the bench's. Every suite's
 * load comes from one address and one session, so the rate limits are raised out of the way:
 * otherwise they would measure themselves.
 */
export function productionEnv(dataDir: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_PUBLIC_MAX: '100000000',
    RATE_LIMIT_SESSION_MAX: '100000000',
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a TypeScript entry point as its own process, so load and server never share a core's event loop. */
export function startNode(entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of every process a suite starts, on exit.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS="--trace-gc …" passes V8 and Node flags to them (NODE_OPTIONS refuses many).
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...profile, ...flags, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited early with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within 60 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** /proc counts CPU time in clock ticks, USER_HZ of them a second: 100 on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds a process has used so far (user + system), from /proc; null where there is none.
 * Divided by the requests served, it tells what one request costs the server whatever the
 * load generator could keep up with.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces; the fields counted from its closing paren do not.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The cores a process keeps busy over the next `seconds` (CPU seconds used ÷ seconds passed), from /proc. */
export async function cpuCoresOver(pid: number, seconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = cpuSeconds(pid);
  if (before === null || after === null) throw new Error(`No CPU time to read for process ${pid}: it is gone.`);
  return (after - before) / seconds;
}

/**
 * CPU seconds all the machine's cores have spent busy so far (everything but idle and iowait),
 * from /proc/stat; null where there is none. Against the bench's own processes over the same
 * span, it tells how much of the machine other work took.
 */
export function machineBusySeconds(): number | null {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // Steal is time the host gave elsewhere: gone for this machine too. guest and guest_nice,
    // after it, are counted in user and nice already.
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    if (steal === undefined) return null;
    return (user! + nice! + system! + irq! + softirq! + steal) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Pins every thread of a process to the given cores (taskset's list, such as "1" or "0-1");
 * false where that cannot be done (one core, or no taskset).
 */
export function pinToCores(pid: number | undefined, cores: string): boolean {
  if (pid === undefined || os.cpus().length < 2) return false;
  return spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' }).status === 0;
}

export const allCores = () => `0-${os.cpus().length - 1}`;
