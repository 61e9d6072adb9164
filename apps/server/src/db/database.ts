import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { DATABASE } from '@argus/contracts/constants';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  ping(): Promise<boolean>;
  /**
   * A number that moves whenever another connection commits a write, so in-memory caches know
   * to drop what they hold; null when the database cannot tell (PostgreSQL).
   */
  outsideWriteVersion(): number | null;
  close(): Promise<void>;
}

// PostgreSQL returns int8 as strings; every bigint here is epoch milliseconds or a counter, well inside 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite file name under dataDir; ':memory:' for throwaway databases. */
  sqliteFile?: string;
  /**
   * A throwaway in-memory SQLite database that starts as a copy of this image (better-sqlite3's
   * `serialize()`): tests copy one migrated database instead of migrating one per test.
   */
  sqliteImage?: Buffer;
}

/** Opens SQLite (default, WAL, durable) or PostgreSQL when a URL is given, and migrates it. */
export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options);
  await migrateToLatest(db.kysely, db.dialect);
  return db;
}

function openSqlite(options: DatabaseOptions): Db {
  const file = options.sqliteFile ?? 'argus.sqlite';
  if (file !== ':memory:' && !options.sqliteImage) fs.mkdirSync(options.dataDir, { recursive: true });
  const database = new SQLite(options.sqliteImage ?? (file === ':memory:' ? file : path.join(options.dataDir, file)));
  database.pragma('journal_mode = WAL');
  // FULL makes every commit survive a power cut, which an incident log needs more than speed.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  return {
    kysely,
    dialect: 'sqlite',
    ping: () => answersSelect(kysely),
    outsideWriteVersion: () => dataVersion.get() as number,
    close: () => kysely.destroy(),
  };
}

/** Whether the database answers a trivial query: what /health/ready asks of either dialect. */
async function answersSelect(kysely: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(kysely);
    return true;
  } catch {
    return false;
  }
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query afresh, and preparing costs more than running a lookup by key.
 * The hot queries repeat the same SQL text, so keep their prepared statements; Kysely runs
 * one query at a time on this connection, so a statement is never used twice at once.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (text) => {
      let statement = statements.get(text);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        statements.delete(text);
      } else {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: DATABASE.maxConnections,
    connectionTimeoutMillis: DATABASE.connectionTimeoutMs,
  });
  // An idle connection that the server drops (restart, failover, admin command) emits an error
  // on the pool; unhandled it would crash the process. The pool replaces it on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    ping: () => answersSelect(kysely),
    outsideWriteVersion: () => null,
    close: () => kysely.destroy(),
  };
}
