import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { freePort, productionEnv, startNode, stop, waitUntilAnswering } from '../support/processes';
import { median, percentile, round } from '../support/stats';

const EMAIL = 'bench@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const ROUNDS = 3;
const SECONDS_PER_RUN = 5;
const CONNECTIONS = 10;
const LOGINS = 40;
/** Issue 2's target: /auth/me keeps at least this share of the bare route's throughput. */
export const TARGET_RATIO = 0.6;

interface LoadRun {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<LoadRun> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS_PER_RUN });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function login(base: string): Promise<{ cookie: string; elapsedMs: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const elapsedMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie, elapsedMs };
}

async function seedAccount(env: Record<string, string>): Promise<string> {
  const db = await createDatabase({ dataDir: loadConfig(env).dataDir });
  const services = createServices(loadConfig(env), db, systemClock);
  await services.users.create({ email: EMAIL, full_name: 'Bench Analyst', role: 'Intelligence_Analyst', password: PASSWORD }, SYSTEM_CONTEXT);
  const { password_hash } = await db.kysely.selectFrom('users').select('password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow();
  await db.close();
  return password_hash;
}

/**
 * GET /auth/me with a valid session against a bare Fastify route returning the same JSON, under
 * the same load, alternating rounds so drift on a noisy machine hits both alike; then login
 * latency against the argon2id verification it cannot avoid, measured in the same run.
 */
export async function authSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-'));
  const [argusPort, barePort] = await Promise.all([freePort(), freePort()]);
  const env = productionEnv(dataDir, argusPort);
  const passwordHash = await seedAccount(env);
  const argus = startNode('apps/server/src/main.ts', env);
  const argusBase = `http://127.0.0.1:${argusPort}`;
  let bare: ReturnType<typeof startNode> | undefined;
  try {
    await waitUntilAnswering(`${argusBase}/health`, argus);
    const { cookie } = await login(argusBase);
    const meResponse = await fetch(`${argusBase}/auth/me`, { headers: { cookie } });
    if (meResponse.status !== 200) throw new Error(`/auth/me answered ${meResponse.status}`);
    const body = await meResponse.text();

    bare = startNode('bench/support/baseline-server.ts', { PORT: String(barePort), BASELINE_BODY: body });
    const bareUrl = `http://127.0.0.1:${barePort}/auth/me`;
    await waitUntilAnswering(bareUrl, bare);

    // One short warm-up each, so JIT and caches are hot before anything counts.
    await load(bareUrl, {});
    await load(`${argusBase}/auth/me`, { cookie });

    const bareRuns: LoadRun[] = [];
    const meRuns: LoadRun[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      bareRuns.push(await load(bareUrl, {}));
      meRuns.push(await load(`${argusBase}/auth/me`, { cookie }));
    }
    const failures = [...bareRuns, ...meRuns].reduce((sum, run) => sum + run.non2xx + run.errors, 0);

    const loginMs: number[] = [];
    for (let i = 0; i < LOGINS; i += 1) loginMs.push((await login(argusBase)).elapsedMs);
    const verifyMs: number[] = [];
    for (let i = 0; i < LOGINS; i += 1) {
      const started = performance.now();
      if (!(await argon2.verify(passwordHash, PASSWORD))) throw new Error('argon2 baseline did not verify');
      verifyMs.push(performance.now() - started);
    }

    const bareRps = median(bareRuns.map((run) => run.requestsPerSecond));
    const meRps = median(meRuns.map((run) => run.requestsPerSecond));
    const throughputRatio = meRps / bareRps;
    return {
      suite: 'auth',
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      load: { connections: CONNECTIONS, secondsPerRun: SECONDS_PER_RUN, rounds: ROUNDS },
      authMe: {
        requestsPerSecond: round(meRps, 0),
        p99Ms: median(meRuns.map((run) => run.p99Ms)),
      },
      bareRoute: {
        requestsPerSecond: round(bareRps, 0),
        p99Ms: median(bareRuns.map((run) => run.p99Ms)),
      },
      throughputRatio: round(throughputRatio, 3),
      target: TARGET_RATIO,
      meetsTarget: throughputRatio >= TARGET_RATIO,
      failedRequests: failures,
      login: {
        count: LOGINS,
        p50Ms: round(percentile(loginMs, 50), 1),
        p95Ms: round(percentile(loginMs, 95), 1),
        argon2VerifyP50Ms: round(percentile(verifyMs, 50), 1),
        p50OverVerifyRatio: round(percentile(loginMs, 50) / percentile(verifyMs, 50), 2),
      },
    };
  } finally {
    if (bare) await stop(bare);
    await stop(argus);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
