import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createLocalJWKSet, jwtVerify, SignJWT, decodeJwt, type JSONWebKeySet } from 'jose';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { freePort, productionEnv, startNode, stop, waitUntilAnswering } from '../support/processes';
import { percentile, round } from '../support/stats';

const EMAIL = 'bench-tokens@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const CHAINS = 8;
const REFRESHES_PER_CHAIN = 150;
const VERIFY_SECONDS = 3;

async function grant(base: string, query: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}/auth/v1/token?grant_type=${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const elapsedMs = performance.now() - started;
  const answer = (await response.json()) as { access_token: string; refresh_token: string };
  if (response.status !== 200) throw new Error(`${query} grant answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ...answer, elapsedMs };
}

/** How many verifications fit in `seconds`, one after another, as an auth hook does them. */
async function verificationsPerSecond(verify: () => Promise<unknown>, seconds: number): Promise<number> {
  for (let i = 0; i < 200; i += 1) await verify();
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    await verify();
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}

/**
 * Refresh grants per second and their p99 over concurrent token families, and access-token
 * verification: ES256 through the published JWKS against HS256 with the same library in the
 * same process (the ratio), plus authenticated API calls with a bearer token over HTTP.
 */
export async function tokensSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-tokens-'));
  const port = await freePort();
  const env = { ...productionEnv(dataDir, port), REFRESH_FAMILY_MAX: '100000' };
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  await createServices(config, db, systemClock).users.create(
    { email: EMAIL, full_name: 'Bench Unit', role: 'Field_Unit', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  await db.close();
  const argus = startNode('apps/server/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/health`, argus);
    const sessions = await Promise.all(Array.from({ length: CHAINS }, () => grant(base, 'password', { email: EMAIL, password: PASSWORD })));

    // Each family refreshes one after another with its newest token, as real clients do.
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      sessions.map(async (session) => {
        let token = session.refresh_token;
        for (let i = 0; i < REFRESHES_PER_CHAIN; i += 1) {
          const next = await grant(base, 'refresh_token', { refresh_token: token });
          latencies.push(next.elapsedMs);
          token = next.refresh_token;
        }
      }),
    );
    const refreshSeconds = (performance.now() - started) / 1000;

    const accessToken = sessions[0]!.access_token;
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const keySet = createLocalJWKSet(jwks);
    const claims = decodeJwt(accessToken);
    const options = { issuer: claims.iss!, audience: 'authenticated' };
    const secret = new TextEncoder().encode('a-shared-secret-of-thirty-two-bytes!');
    const hs256Token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    const es256PerSecond = await verificationsPerSecond(() => jwtVerify(accessToken, keySet, options), VERIFY_SECONDS);
    const hs256PerSecond = await verificationsPerSecond(() => jwtVerify(hs256Token, secret, options), VERIFY_SECONDS);

    const api = await autocannon({
      url: `${base}/auth/v1/user`,
      headers: { authorization: `Bearer ${accessToken}` },
      connections: 10,
      duration: 5,
    });

    return {
      suite: 'tokens',
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      refresh: {
        families: CHAINS,
        grants: latencies.length,
        grantsPerSecond: round(latencies.length / refreshSeconds, 0),
        p50Ms: round(percentile(latencies, 50), 1),
        p99Ms: round(percentile(latencies, 99), 1),
      },
      verification: {
        es256PerSecond: round(es256PerSecond, 0),
        hs256PerSecond: round(hs256PerSecond, 0),
        es256OverHs256: round(es256PerSecond / hs256PerSecond, 3),
      },
      bearerApi: {
        route: 'GET /auth/v1/user',
        requestsPerSecond: round(api.requests.average, 0),
        p99Ms: api.latency.p99,
      },
      failedRequests: api.non2xx + api.errors + api.timeouts,
      // No target is set for this suite: it reports.
      meetsTarget: true,
    };
  } finally {
    await stop(argus);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
