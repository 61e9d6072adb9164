import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase, type Db, type Dialect } from '../src/db/database';
import { ADMIN_URL, adminQuery, databaseUrl, migratedTemplate } from './postgres-template';

// Integration tests run on SQLite always and on PostgreSQL when it answers
// (TEST_POSTGRES_URL, default the local server). In CI a missing PostgreSQL is
// a failure, not a skip.

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function detectDialects(): Promise<Dialect[]> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI but did not answer at ${ADMIN_URL}`);
  console.warn(`PostgreSQL did not answer at ${ADMIN_URL}: PostgreSQL integration tests are SKIPPED on this machine.`);
  return ['sqlite'];
}

export const TEST_DIALECTS: Dialect[] = await detectDialects();

let sqliteImage: Buffer | undefined;

/**
 * One SQLite database migrated as Argus migrates its file, as an image each test's in-memory
 * database is copied from: a copy takes a fraction of the migrations' time. The image leaves WAL
 * for a rollback journal, which is all an in-memory database can open (it runs with a memory journal
 * either way). One per file, like the module.
 */
async function migratedSqliteImage(): Promise<Buffer> {
  if (sqliteImage) return sqliteImage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-sqlite-template-'));
  try {
    await (await createDatabase({ dataDir, sqliteFile: 'template.sqlite' })).close();
    const file = new SQLite(path.join(dataDir, 'template.sqlite'));
    file.pragma('journal_mode = DELETE');
    sqliteImage = file.serialize();
    file.close();
    return sqliteImage;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh, migrated database: a copy of a migrated one, dropped on close when it is PostgreSQL's. */
export async function createTestDatabase(dialect: Dialect): Promise<Db> {
  if (dialect === 'sqlite') return createDatabase({ dataDir: '', sqliteImage: await migratedSqliteImage() });
  const name = `argus_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${migratedTemplate()}`);
  const db = await createDatabase({ dataDir: '', databaseUrl: databaseUrl(name) });
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
