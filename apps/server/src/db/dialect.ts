import { PostgresAdapter, type Kysely } from 'kysely';

/** Which SQL dialect a Kysely instance speaks, for the few places DDL differs. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Whether a write failed on a unique index, in either engine: the index, not a read before the
 * write, is what settles two requests that race for the same slot.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
