import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Executor } from '../db/repository';
import type { Database, OutboxTable } from '../db/schema';

export type OutboxRow = Selectable<OutboxTable>;

export interface Claim {
  now: number;
  /** Only rows written at or before this (the relay leaves the newest to the fast path). */
  createdBefore: number;
  /** The lease taken: no other process hands these rows over before it runs out. */
  leaseUntil: number;
  limit: number;
  /** Only the rows announcing this (a retried request's own). */
  key?: string;
}

/** The outbox table (0032_outbox.ts): written inside the services' transactions, claimed and marked by the relay. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(trx: Executor, rows: Insertable<OutboxTable>[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('outbox').values(rows).execute();
  }

  /**
   * Takes a lease on unpublished rows nobody holds, atomically: on PostgreSQL a second process
   * waiting on the same rows finds them leased when it gets them and skips them; SQLite has one
   * writer. Answers the rows claimed, oldest first.
   */
  async claim(claim: Claim): Promise<OutboxRow[]> {
    const candidates = this.db
      .selectFrom('outbox')
      .select('id')
      .where('published_at', 'is', null)
      .where('created_at', '<=', claim.createdBefore)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claim.now)]))
      .$if(claim.key !== undefined, (query) => query.where('key', '=', claim.key!))
      .orderBy('id')
      .limit(claim.limit);
    const rows = await this.db
      .updateTable('outbox')
      .set({ claimed_until: claim.leaseUntil })
      .where('id', 'in', candidates)
      .where('published_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claim.now)]))
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  async markPublished(eventIds: readonly string[], now: number): Promise<void> {
    if (eventIds.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ published_at: now })
      .where('event_id', 'in', eventIds)
      .where('published_at', 'is', null)
      .execute();
  }

  /**
   * Forgets rows published before `cutoff`, but none the rules engine has not yet heard (its
   * cursor, 0042_rules_engine_cursor.ts): a leader taking over reads them from there.
   */
  async prune(cutoff: number): Promise<void> {
    await this.db
      .deleteFrom('outbox')
      .where('published_at', '<', cutoff)
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('rules_engine_cursor').select('name'))),
          eb(
            'created_at',
            '<',
            eb.selectFrom('rules_engine_cursor').select((c) => c.fn.min('heard_until').as('heard_until')),
          ),
        ]),
      )
      .execute();
  }
}
