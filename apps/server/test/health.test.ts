import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { createTestDatabase, TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, STRONG_PASSWORD, type TestApp } from './support';

// docs/decisions/0047-health-shutdown-and-built-starts.md: liveness apart from readiness, neither rate-limited.
describe.each(TEST_DIALECTS)('health probes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { RATE_LIMIT_PUBLIC_MAX: '5' });
  });
  afterEach(() => t.close());

  it('answers liveness and readiness with 200 while the database answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok', version: '2.0.0' });
    for (const url of ['/health', '/health/ready']) {
      const ready = await t.app.inject({ method: 'GET', url });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', database: 'up' });
    }
  });

  it('never counts probes against the address, so sign-in from it still goes through', async () => {
    const user = await createUser(t.services, { role: 'Command_Admin' });
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i += 1) {
      for (const url of ['/health', '/health/ready', '/health/live']) {
        statuses.add((await t.app.inject({ method: 'GET', url, remoteAddress: '10.3.0.1' })).statusCode);
      }
    }
    expect([...statuses]).toEqual([200]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.3.0.1',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('health probes with the database gone on %s', (dialect) => {
  it('answers readiness 503 degraded and liveness still 200', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    const db = await createTestDatabase(dialect);
    const { app } = await buildApp({ config, db, clock: new ManualClock() });
    try {
      await app.ready();
      // The database stops answering under a running server: every later query fails.
      await db.close();
      for (const url of ['/health', '/health/ready']) {
        const ready = await app.inject({ method: 'GET', url });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'degraded', database: 'down' });
      }
      const live = await app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
    } finally {
      await app.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
