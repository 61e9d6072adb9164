import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { OUTSIDE_CHECK_MS, SessionCache } from '../src/features/auth/session-cache';
import { sha256 } from '../src/lib/tokens';
import type { ResolvedSession } from '../src/features/auth/sessions.repository';
import { ManualClock } from '../src/lib/clock';
import { createServices } from '../src/services';
import { createUser, signIn, type Client } from './support';

const entry = (id: string) => ({ session: { id } }) as unknown as ResolvedSession;

describe('SessionCache', () => {
  it('drops everything once the outside write version has moved, reading it at most once per check interval', () => {
    let version = 1;
    let reads = 0;
    let now = 0;
    const readVersion = () => {
      reads += 1;
      return version;
    };
    const cache = new SessionCache(readVersion, undefined, () => now);
    cache.store('a', entry('a'), cache.begin());
    expect(cache.get('a')).toBeDefined();
    version = 2;
    // Within the interval the version is not read again.
    now = OUTSIDE_CHECK_MS - 1;
    expect(cache.get('a')).toBeDefined();
    expect(reads).toBe(1);
    now = OUTSIDE_CHECK_MS;
    expect(cache.get('a')).toBeUndefined();
    expect(reads).toBe(2);
    cache.store('a', entry('a'), cache.begin());
    expect(cache.get('a')).toBeDefined();
  });

  it('never stores a read that raced a write', () => {
    const cache = new SessionCache(() => 1);
    const begunAt = cache.begin();
    cache.forget('a');
    cache.store('a', entry('a'), begunAt);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays off when the database cannot report outside writes', () => {
    const cache = new SessionCache(() => null);
    cache.store('a', entry('a'), cache.begin());
    expect(cache.get('a')).toBeUndefined();
  });

  it('names each token by its SHA-256, before and after the session is forgotten, and past its capacity', () => {
    const cache = new SessionCache(() => 1, 2);
    const tokens = ['t1', 't2', 't3'];
    for (const token of tokens) expect(cache.idOf(token)).toBe(sha256(token));
    cache.forget(sha256('t2'));
    cache.clear();
    for (const token of tokens) expect(cache.idOf(token)).toBe(sha256(token));
    expect(new SessionCache(() => null).idOf('t1')).toBe(sha256('t1'));
  });

  it('keeps at most its capacity, dropping the oldest', () => {
    const cache = new SessionCache(() => 1, 2);
    for (const id of ['a', 'b', 'c']) cache.store(id, entry(id), cache.begin());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});

/**
 * The server caches sessions; the CLI is another process writing the same SQLite file.
 * Deactivating a user there must end their session here within OUTSIDE_CHECK_MS.
 */
describe('cached sessions and another process on the same SQLite file', () => {
  let dataDir: string;
  let serverDb: Db;
  let cliDb: Db;
  let close: () => Promise<void>;
  let client: Client;
  let userId: string;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-cache-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    serverDb = await createDatabase({ dataDir });
    const { app, services } = await buildApp({ config, db: serverDb, clock: new ManualClock() });
    const user = await createUser(services, { role: 'Field_Unit' });
    userId = user.id;
    client = await signIn(app, user.email);
    cliDb = await createDatabase({ dataDir });
    close = async () => {
      await app.close();
      await serverDb.close();
      await cliDb.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterEach(() => close());

  it('sees a deactivation made by another process', async () => {
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(200);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(200);
    const cli = createServices(loadConfig({ DATA_DIR: dataDir }), cliDb, new ManualClock());
    await cli.users.update(userId, { is_active: false }, OPERATOR, SYSTEM_CONTEXT);
    await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS));
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(401);
  });

  it('sees a role change made by another process', async () => {
    expect((await client.request('GET', '/auth/me')).json().user.role).toBe('Field_Unit');
    const cli = createServices(loadConfig({ DATA_DIR: dataDir }), cliDb, new ManualClock());
    await cli.users.update(userId, { role: 'Intelligence_Analyst' }, OPERATOR, SYSTEM_CONTEXT);
    await new Promise((resolve) => setTimeout(resolve, OUTSIDE_CHECK_MS));
    expect((await client.request('GET', '/auth/me')).json().user.role).toBe('Intelligence_Analyst');
  });
});
