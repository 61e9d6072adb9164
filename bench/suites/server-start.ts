import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, productionEnv, repoRoot, stop } from '../support/processes';
import { median, round } from '../support/stats';

/** Restarts per way of starting; the median counts, so one stall on the shared machine does not decide it. */
const ROUNDS = 5;
/** Issue 17's target: start to healthy on an idle machine. */
const TARGET_MS = 2_000;

/** The baseline: an empty Fastify server answering /health, started by `node -e` like any script. */
const EMPTY_FASTIFY = `import Fastify from 'fastify';
const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;

type Way = 'built' | 'sources' | 'emptyFastify';

const commands: Record<Way, string[]> = {
  // What `npm start` runs once the build is fresh (scripts/start.mjs imports it).
  built: ['apps/server/dist/main.js'],
  // What `npm start` ran before the build: the sources compiled by tsx at every start.
  sources: ['--import', 'tsx', 'apps/server/src/main.ts'],
  emptyFastify: ['--input-type=module', '-e', EMPTY_FASTIFY],
};

/** Milliseconds from spawning the process to its first 200 from /health. */
async function startToHealthy(way: Way, env: Record<string, string>): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, commands[way], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${way}: exited with ${child.exitCode} before answering`);
    const healthy = await fetch(`http://127.0.0.1:${env.PORT}/health`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (healthy) return { ms: performance.now() - started, child };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error(`${way}: not healthy within 60 s`);
}

/**
 * Start to healthy of the built server (restarts on a database already migrated, as a restart
 * is), against `node -e` starting an empty Fastify server in the same run, with the sources
 * through tsx beside them (docs/decisions/0047-health-shutdown-and-built-starts.md).
 */
export async function serverStartSuite() {
  const build = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-start-'));
  try {
    const env = productionEnv(dataDir, await freePort());
    // The first start creates and migrates the database; it is reported, not counted.
    const first = await startToHealthy('built', env);
    await stop(first.child);
    const samples: Record<Way, number[]> = { built: [], sources: [], emptyFastify: [] };
    const loadAtStart = os.loadavg()[0]!;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const way of ['emptyFastify', 'built', 'sources'] as const) {
        const { ms, child } = await startToHealthy(way, env);
        samples[way].push(ms);
        await stop(child);
      }
    }
    const builtMs = round(median(samples.built), 0);
    const sourcesMs = round(median(samples.sources), 0);
    const emptyMs = round(median(samples.emptyFastify), 0);
    return {
      rounds: ROUNDS,
      loadAverage: { atStart: round(loadAtStart, 1), atEnd: round(os.loadavg()[0]!, 1) },
      firstStartMs: round(first.ms, 0),
      medianMs: { built: builtMs, sources: sourcesMs, emptyFastify: emptyMs },
      builtToEmptyFastify: round(builtMs / Math.max(1, emptyMs), 1),
      sourcesToBuilt: round(sourcesMs / Math.max(1, builtMs), 1),
      targetMs: TARGET_MS,
      raw: Object.fromEntries(Object.entries(samples).map(([way, values]) => [way, values.map((ms) => round(ms, 0))])),
      failedRequests: 0,
      meetsTarget: builtMs <= TARGET_MS,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
