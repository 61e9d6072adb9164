import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from './processes';
import type { BenchCommand } from './pacing';

/** A TypeScript entry point in its own process, driven over Node's IPC channel. */
export function startWithIpc(entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_CPU_PROF=<folder> profiles it as startNode's children are (processes.ts).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS="--trace-gc …" as for startNode's children.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...profile, ...flags, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next message of `type`; fails if the child exits or takes longer than `timeoutMs`. */
export function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type'], timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no "${type}" from the child within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: T) => {
      if (message.type === type) finish(null, message);
    };
    const onExit = (code: number | null) => finish(new Error(`the child exited with ${code} before "${type}"`));
    function finish(error: Error | null, message?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends a command and waits for the answer of `reply` type. */
export function ask<T extends { type: string }>(
  child: ChildProcess,
  command: BenchCommand,
  reply: T['type'],
  timeoutMs?: number,
): Promise<T> {
  const answer = nextMessage<T>(child, reply, timeoutMs);
  child.send(command);
  return answer;
}
