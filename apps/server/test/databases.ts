import { randomBytes } from 'node:crypto';
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

/** A fresh, migrated database; PostgreSQL gets a throwaway copy of the template, dropped on close. */
export async function createTestDatabase(dialect: Dialect): Promise<Db> {
  if (dialect === 'sqlite') return createDatabase({ dataDir: '', sqliteFile: ':memory:' });
  const name = `argus_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${await migratedTemplate()}`);
  const db = await createDatabase({ dataDir: '', databaseUrl: databaseUrl(name) });
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
