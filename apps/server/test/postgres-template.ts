import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated PostgreSQL template (test/postgres-template.global.ts), or null when PostgreSQL did not answer. */
    postgresTemplate: string | null;
  }
}

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
 * The migrated PostgreSQL database that each test's database is copied from: copying a template
 * takes a fraction of the time the migrations take. One for the whole run, made by
 * test/postgres-template.global.ts from the migrations as they are now, before any file starts.
 */
export function migratedTemplate(): string {
  const name = inject('postgresTemplate');
  if (!name) throw new Error(`PostgreSQL did not answer at ${ADMIN_URL} when the run started, so there is no migrated template`);
  return name;
}
