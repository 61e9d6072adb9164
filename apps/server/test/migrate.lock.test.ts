import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import { TEST_DIALECTS } from './databases';
import { adminQuery, databaseUrl } from './postgres-template';

const serverRoot = path.resolve(import.meta.dirname, '..');
const PROCESSES = 4;

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs test/migrate-node.ts in its own process; resolves with its exit code and output. */
function migrateInChild(env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/migrate-node.ts'], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

// Issue: starting the server while the CLI runs on a fresh data folder crashed one of them with a
// migration error. Every process that opens the database migrates it, so any number may start together.
describe.each(TEST_DIALECTS)('migrations on %s', (dialect) => {
  it(`lets ${PROCESSES} processes migrate one fresh database at the same time`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-migrate-'));
    let url = '';
    if (dialect === 'postgres') {
      const name = `argus_migrate_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      url = databaseUrl(name);
      cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`).then(() => undefined));
    }
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    const outcomes = await Promise.all(Array.from({ length: PROCESSES }, () => migrateInChild({ DATA_DIR: dataDir, DATABASE_URL: url })));

    for (const outcome of outcomes) expect(outcome, outcome.output).toMatchObject({ code: 0 });
    // And the result is one complete schema: opening it again finds nothing left to do.
    const db = await createDatabase({ dataDir, databaseUrl: url || undefined });
    const applied = await db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    await db.close();
    expect(new Set(applied.map((row) => (row as { name: string }).name)).size).toBe(applied.length);
  }, 120_000);
});
