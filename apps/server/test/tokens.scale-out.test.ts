import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db, type Dialect } from '../src/db/database';
import type { Services } from '../src/services';
import { TEST_DIALECTS } from './databases';
import { adminQuery, databaseUrl, migratedTemplate } from './postgres-template';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';
import { createUser, STRONG_PASSWORD } from './support';

const hasRedis = servicesPresent('the shared refresh-family limit test', { [`Redis at ${REDIS_URL}`]: await redisAnswers() });

const RELOAD_MS = 300;

/** Two nodes of one deployment: each its own app and connection, both on one database (a SQLite file, or one PostgreSQL database). */
async function twoNodes(dialect: Dialect, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-key-ring-'));
  let url: string | undefined;
  let name: string | undefined;
  if (dialect === 'postgres') {
    name = `argus_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${migratedTemplate()}`);
    url = databaseUrl(name);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    KEY_RING_RELOAD_MS: String(RELOAD_MS),
    ...(url && { DATABASE_URL: url }),
    ...env,
  });
  const nodes: Array<{ services: Services; baseUrl: string; close(): Promise<void> }> = [];
  for (let i = 0; i < 2; i += 1) {
    const db: Db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const { app, services } = await buildApp({ config, db });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    nodes.push({ services, baseUrl, close: () => app.close().then(() => db.close()) });
  }
  return {
    nodes,
    close: async () => {
      for (const node of nodes) await node.close();
      if (name) await adminQuery(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Issue 17: after `keys rotate`, running nodes kept signing with the retired key until restarted. */
describe.each(TEST_DIALECTS)('the token signing key ring across nodes on %s', (dialect) => {
  let deployment: Awaited<ReturnType<typeof twoNodes>>;
  beforeAll(async () => {
    deployment = await twoNodes(dialect);
  });
  afterAll(() => deployment?.close());

  it('has every node sign with the new key within seconds of a rotation on one of them', async () => {
    const [a, b] = [deployment.nodes[0]!, deployment.nodes[1]!];
    const before = (await b.services.keys.signingKey()).kid;
    expect((await a.services.keys.signingKey()).kid).toBe(before);

    await a.services.keys.rotate();
    const after = (await a.services.keys.signingKey()).kid;
    expect(after).not.toBe(before);
    await expect.poll(async () => (await b.services.keys.signingKey()).kid, { timeout: 10_000, interval: 100 }).toBe(after);
    // The key it had been signing with stays published, so tokens it signed keep verifying.
    expect((await b.services.keys.jwks()).keys.map((key) => key.kid)).toEqual(expect.arrayContaining([before, after]));
  });
});

const FAMILY_MAX = 4;

/** Issue 17: with the limit in each process, N nodes granted a family N times its refreshes. */
describe.skipIf(!hasRedis).each(TEST_DIALECTS)('the refresh-family limit across nodes sharing Redis on %s', (dialect) => {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:`;
  let deployment: Awaited<ReturnType<typeof twoNodes>>;
  beforeAll(async () => {
    deployment = await twoNodes(dialect, { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, REFRESH_FAMILY_MAX: String(FAMILY_MAX) });
  });
  afterAll(async () => {
    await deployment?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('grants one family its budget once, whichever node truly concurrent refreshes reach', async () => {
    const [a, b] = [deployment.nodes[0]!, deployment.nodes[1]!];
    const user = await createUser(a.services, { role: 'Field_Unit' });
    const signedIn = await fetch(`${a.baseUrl}${TOKEN_API_PREFIX}/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: STRONG_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const { refresh_token } = (await signedIn.json()) as { refresh_token: string };

    const attempts = 3 * FAMILY_MAX;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        fetch(`${(i % 2 ? a : b).baseUrl}${TOKEN_API_PREFIX}/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token }),
        }).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - FAMILY_MAX);
  });
});
