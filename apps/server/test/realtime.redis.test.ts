import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { loadConfig } from '../src/config';
import { createDatabase, type Dialect } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { createServices } from '../src/services';
import { TEST_DIALECTS } from './databases';
import { RealtimeClient } from './realtime-support';
import { createUser, STRONG_PASSWORD } from './support';
import { POSTGRES_ADMIN_URL, REDIS_URL, redisAnswers } from './scale-out-support';

/**
 * Two server processes on one database and one Redis share their channels. Redis answers at
 * TEST_REDIS_URL (default the local server); without it these tests are skipped with a warning,
 * except in CI, where a missing Redis is a failure.
 */
const NODE_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realtime-node.ts');

const hasRedis = await redisAnswers();
if (!hasRedis) {
  if (process.env.CI) throw new Error(`Redis is required in CI but did not answer at ${REDIS_URL}`);
  console.warn(`Redis did not answer at ${REDIS_URL}: the multi-process realtime tests are SKIPPED on this machine.`);
}

/** A database both processes open: a SQLite file in a fresh folder, or a throwaway PostgreSQL database. */
async function sharedDatabase(dialect: Dialect): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-realtime-'));
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `argus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
}

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', NODE_SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening (\S+)/);
      if (match) resolve({ child, baseUrl: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`server process exited with ${code} before listening`)));
  });
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** A signed-in user speaking HTTP to whichever process it is given. */
async function signInOver(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
  const cookie = `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`;
  return {
    headers: { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` },
    post: async (base: string, url: string, body: unknown) => {
      const answer = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, [CSRF_HEADER]: cookies[CSRF_COOKIE]!, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (answer.status >= 300) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
      return answer.json() as Promise<Record<string, { id: string }>>;
    },
  };
}

describe.skipIf(!hasRedis).each(TEST_DIALECTS)('realtime shared by two server processes through Redis on %s', (dialect) => {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  let command: Awaited<ReturnType<typeof signInOver>>;
  const sockets: RealtimeClient[] = [];

  beforeAll(async () => {
    database = await sharedDatabase(dialect);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      ...database.env,
    };
    // Migrated and seeded here, before either process opens it.
    const config = loadConfig(env);
    const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const admin = await createUser(createServices(config, db, systemClock), { role: 'Command_Admin' });
    await db.close();
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
    command = await signInOver(first.baseUrl, admin.email);
  });

  afterAll(async () => {
    sockets.splice(0).forEach((socket) => socket.drop());
    await Promise.all([stopServer(first), stopServer(second)]);
    await database?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  async function open(server: ServerProcess, channels: Parameters<RealtimeClient['subscribe']>[0]): Promise<RealtimeClient> {
    const socket = await RealtimeClient.open(server.baseUrl, command.headers);
    sockets.push(socket);
    await socket.subscribe(channels);
    return socket;
  }

  const createIncident = (server: ServerProcess, title: string) =>
    command.post(server.baseUrl, '/incidents', {
      title,
      category: 'fire',
      severity: 'high',
      location: { lat: 1, lon: 2 },
      description: '',
    });

  it('delivers an event written through one process to the clients of both, with the same seq', async () => {
    const onFirst = await open(first!, ['incidents']);
    const onSecond = await open(second!, ['incidents']);
    const start = (onSecond.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    expect((onFirst.answer('realtime.subscribed', 'incidents') as { seq: number }).seq).toBe(start);

    await createIncident(first!, 'Written through the first');
    await createIncident(second!, 'Written through the second');
    for (const socket of [onFirst, onSecond]) await socket.next((frame) => frame.seq === start + 2, 'the second incident');

    const seen = (socket: RealtimeClient) =>
      socket.events('incidents').map((frame) => [frame.seq, (frame.data as { title: string }).title, frame.messageId]);
    expect(seen(onSecond)).toEqual(seen(onFirst));
    expect(seen(onSecond).map(([seq, title]) => [seq, title])).toEqual([
      [start + 1, 'Written through the first'],
      [start + 2, 'Written through the second'],
    ]);
  });

  it('numbers writes racing through both processes without a gap, in one order for every client', async () => {
    const onFirst = await open(first!, ['incidents']);
    const onSecond = await open(second!, ['incidents']);
    const start = (onFirst.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    await Promise.all(Array.from({ length: 10 }, (_, i) => createIncident(i % 2 ? first! : second!, `Racing ${i}`)));
    for (const socket of [onFirst, onSecond]) await socket.next((frame) => frame.seq === start + 10, 'the tenth incident');

    const order = (socket: RealtimeClient) => socket.events('incidents').map((frame) => `${frame.seq} ${frame.messageId}`);
    expect(order(onFirst)).toEqual(order(onSecond));
    expect(onFirst.events('incidents').map((frame) => frame.seq)).toEqual(Array.from({ length: 10 }, (_, i) => start + i + 1));
  });

  it('resumes on one process what was missed while disconnected from the other', async () => {
    const left = await open(second!, ['incidents']);
    const held = (left.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    left.drop();
    const titles = [randomUUID(), randomUUID(), randomUUID()];
    for (const title of titles) await createIncident(first!, title);

    const back = await open(first!, [{ channel: 'incidents', since: held }]);
    expect(back.events('incidents').map((frame) => [frame.seq, (frame.data as { title: string }).title])).toEqual(
      titles.map((title, i) => [held + i + 1, title]),
    );
    expect(back.answer('realtime.subscribed', 'incidents')).toEqual({ channel: 'incidents', seq: held + 3 });
  });
});
