import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../src/db/database';

/** The PostgreSQL server the integration tests use (TEST_POSTGRES_URL, default the local one). */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement as the administrator, on a connection of its own. */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The URL of a database on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated PostgreSQL database that each test's database is copied from: copying a template
 * takes a fraction of the time the migrations take. One per test file (each file has its own
 * module state), made on first use from the migrations as they are now, dropped after the file.
 */
let template: Promise<string> | undefined;

export function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `argus_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    // Migrated, then closed: PostgreSQL copies a template only while no one is connected to it.
    await (await createDatabase({ dataDir: '', databaseUrl: databaseUrl(name) })).close();
    return name;
  })();
  return template;
}

/** Drops this file's template database, if it made one (test/setup-databases.ts, after each file). */
export async function dropTemplateDatabase(): Promise<void> {
  if (!template) return;
  const name = await template.catch(() => null);
  template = undefined;
  if (name) await adminQuery(`drop database if exists ${name} with (force)`);
}
