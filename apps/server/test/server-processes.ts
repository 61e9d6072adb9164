import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import type { Role } from '@argus/contracts/roles';
import { loadConfig } from '../src/config';
import { createDatabase, type Dialect } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { createServices } from '../src/services';
import { createUser, STRONG_PASSWORD } from './support';
import { POSTGRES_ADMIN_URL, REDIS_URL } from './scale-out-support';

/** Real Argus server processes (realtime-node.ts) on one database and one Redis, for the multi-process tests. */
const NODE_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realtime-node.ts');
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A database both processes open: a SQLite file in a fresh folder, or a throwaway PostgreSQL database. */
export async function sharedDatabase(dialect: Dialect): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
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

/** What every process of one test starts with: quiet, no admin MFA, the shared database, and Redis keys under the test's own prefix. */
export function sharedProcessEnv(
  database: { env: Record<string, string> },
  keyPrefix: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    ...extra,
    ...database.env,
  };
}

/** Migrates the shared database and creates one user per role in it, before any process opens it; their emails, in order. */
export async function seedSharedDatabase<const Roles extends readonly Role[]>(
  env: Record<string, string>,
  roles: Roles,
): Promise<{ -readonly [K in keyof Roles]: string }> {
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const services = createServices(config, db, systemClock);
    const emails: string[] = [];
    for (const role of roles) emails.push((await createUser(services, { role })).email);
    return emails as { -readonly [K in keyof Roles]: string };
  } finally {
    await db.close();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
}

export function startServer(env: Record<string, string>): Promise<ServerProcess> {
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

/** The built server (built once per run by built-server.global.ts) listening on 127.0.0.1:`port`; resolves once its /health/ready answers 200. */
export async function startBuiltServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server process exited with ${child.exitCode ?? child.signalCode} before it was ready`);
    const status = await fetch(`${baseUrl}/health/ready`).then(
      (answer) => answer.status,
      () => null,
    );
    if (status === 200) return { child, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** A signed-in user speaking HTTP to whichever process it is given. */
export async function signInOver(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
  const cookie = `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`;
  /** The answer as it comes, whatever its status; rejects when the process does not answer at all. Bytes go as they are (an upload), anything else as JSON. */
  const send = (base: string, url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        cookie,
        [CSRF_HEADER]: cookies[CSRF_COOKIE]!,
        'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json',
      },
      // Copied into a Uint8Array of its own: the DOM's fetch types (the e2e project includes this file) take no Buffer.
      body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
  /** Raw bytes, as a file upload sends them. */
  const upload = (base: string, url: string, bytes: Uint8Array) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: cookies[CSRF_COOKIE]!, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
  return {
    headers: { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` },
    send,
    /** A PUT of JSON; the answer as it comes. */
    put: (base: string, url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'PUT',
        headers: { cookie, [CSRF_HEADER]: cookies[CSRF_COOKIE]!, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    upload,
    post: async (base: string, url: string, body: unknown) => {
      const answer = await send(base, url, body);
      if (answer.status >= 300) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
      return answer.json() as Promise<Record<string, { id: string }>>;
    },
  };
}
