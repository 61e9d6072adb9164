import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database';
import { ADMIN_URL, adminQuery, databaseUrl } from './postgres-template';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Migrates one PostgreSQL template for the whole server run and drops it after. Made per file,
 * it cost every file a full migration and a drop (2–4 s each on a loaded machine); files copy
 * it side by side, which PostgreSQL allows while nobody is connected to the template itself.
 * Whether PostgreSQL is required is still decided in each file (test/databases.ts).
 */
export default async function setup(project: TestProject) {
  if (!(await postgresAnswers())) {
    project.provide('postgresTemplate', null);
    return;
  }
  const name = `argus_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  // Migrated, then closed: PostgreSQL copies a template only while no one is connected to it.
  await (await createDatabase({ dataDir: '', databaseUrl: databaseUrl(name) })).close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(`drop database if exists ${name} with (force)`);
}
