import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** A counter and how many attempts it admits in one window. */
export interface ThrottleLimit {
  key: string;
  max: number;
}

/** Thrown inside the reservation's transaction to roll back the counters it already took. */
class LimitReached extends Error {}

/**
 * Counters keyed by "email:…" or "ip:…" (sign-in) and "mfa:…" (second-factor codes).
 * `failures` counts every attempt in the window, taken before its password or code is checked.
 */
export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }

  /**
   * Takes one attempt under every limit, or under none when any of them is locked or used up.
   * Each counter is read and raised by one statement, in one transaction, so requests arriving
   * together cannot all pass the check before any of them is counted: PostgreSQL serialises them
   * on the row lock the upsert takes, and SQLite takes its write lock at that first statement,
   * as BEGIN IMMEDIATE would. Callers name limits in one fixed order, so PostgreSQL never deadlocks.
   */
  async reserve(limits: ThrottleLimit[], now: number, windowMs: number): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const limit of limits) {
          if (!(await takeAttempt(trx, limit, now, windowMs))) throw new LimitReached();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof LimitReached) return false;
      throw error;
    }
  }

  /** Locks the key until `lockedUntil` once its window has used its attempts; answers whether it is locked. */
  async lockIfSpent(limit: ThrottleLimit, lockedUntil: number): Promise<boolean> {
    const row = await this.db
      .updateTable('login_throttle')
      .set({ locked_until: sql<number>`coalesce(locked_until, ${lockedUntil})` })
      .where('key', '=', limit.key)
      .where('failures', '>=', limit.max)
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives back an attempt that turned out not to be a guess (the right password). */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('login_throttle')
      .set({ failures: sql<number>`failures - 1` })
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }
}

/**
 * One upsert that starts a new window when the old one is over (or its lock has run out) and
 * otherwise counts the attempt only while the key is neither locked nor at its limit; a refused
 * attempt updates nothing, so RETURNING gives no row.
 */
async function takeAttempt(trx: Transaction<Database>, { key, max }: ThrottleLimit, now: number, windowMs: number): Promise<boolean> {
  const windowOver = sql<boolean>`(case when login_throttle.locked_until is null
    then ${now} - login_throttle.window_started_at >= ${windowMs}
    else login_throttle.locked_until <= ${now} end)`;
  const row = await trx
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`case when ${windowOver} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<number>`case when ${windowOver} then ${now} else login_throttle.window_started_at end`,
          locked_until: null,
        })
        .where((eb) =>
          eb.or([windowOver, eb.and([eb('login_throttle.failures', '<', max), eb('login_throttle.locked_until', 'is', null)])]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}
