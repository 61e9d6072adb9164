import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/schema';
import type { AuditCheckpoint } from './audit-checkpoint';

export type AuditEventRow = Selectable<AuditEventsTable>;
export interface AuditFilters {
  action?: string | undefined;
  actor?: string | undefined;
  subject?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  q?: string | undefined;
  before?: number | undefined;
  limit: number;
}

export type NewAuditEvent = Omit<AuditEventRow, 'seq' | 'prev_hash' | 'hash'>;

const checkpointRow = (checkpoint: AuditCheckpoint) => ({
  seq: checkpoint.seq,
  hash: checkpoint.hash,
  at: checkpoint.at,
  key_id: checkpoint.keyId,
  signature: checkpoint.signature,
});

/** The append-only audit table and its signed checkpoints. Rows are only ever inserted, never updated or deleted. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Appends one event in a transaction that first bumps the chain head: the
   * UPDATE's row lock serialises concurrent appends on PostgreSQL, and SQLite has
   * one writer anyway.
   */
  async append(
    event: NewAuditEvent,
    hashOf: (prevHash: string, seq: number) => string,
    checkpointOf: (seq: number, hash: string) => AuditCheckpoint | null,
  ): Promise<AuditEventRow> {
    return this.db.transaction().execute(async (trx) => {
      const head = await trx
        .updateTable('audit_head')
        .set((eb) => ({ seq: eb('seq', '+', 1) }))
        .where('id', '=', 1)
        .returning(['seq', 'hash'])
        .executeTakeFirstOrThrow();
      const row: AuditEventRow = { ...event, seq: head.seq, prev_hash: head.hash, hash: hashOf(head.hash, head.seq) };
      await trx.insertInto('audit_events').values(row).execute();
      await trx.updateTable('audit_head').set({ hash: row.hash }).where('id', '=', 1).execute();
      // Under the same lock as the entry, so a due checkpoint exists from the moment its entry does.
      const checkpoint = checkpointOf(row.seq, row.hash);
      if (checkpoint) await trx.insertInto('audit_checkpoints').values(checkpointRow(checkpoint)).execute();
      return row;
    });
  }

  /** Stores a checkpoint unless one is already signed at its entry (one per entry is enough). */
  async addCheckpoint(checkpoint: AuditCheckpoint): Promise<void> {
    await this.db
      .insertInto('audit_checkpoints')
      .values(checkpointRow(checkpoint))
      .onConflict((conflict) => conflict.column('seq').doNothing())
      .execute();
  }

  async checkpoints(): Promise<AuditCheckpoint[]> {
    const rows = await this.db
      .selectFrom('audit_checkpoints')
      .select(['seq', 'hash', 'at', 'key_id', 'signature'])
      .orderBy('seq')
      .execute();
    return rows.map((row) => ({ seq: row.seq, hash: row.hash, at: row.at, keyId: row.key_id, signature: row.signature }));
  }

  async lastCheckpointSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('audit_checkpoints')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** The entries at every multiple of `every`: where checkpoints are due. */
  entriesDueCheckpoints(every: number): Promise<{ seq: number; hash: string }[]> {
    return this.db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .where(sql<number>`seq % ${every}`, '=', 0)
      .orderBy('seq')
      .execute();
  }

  /** Events in chain order, a page at a time, for verification and the admin list. */
  page(afterSeq: number, limit: number): Promise<AuditEventRow[]> {
    return this.db.selectFrom('audit_events').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  }

  head(): Promise<{ seq: number; hash: string }> {
    return this.db.selectFrom('audit_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();
  }

  /** Newest first, filtered, with the names of actor, subject and target where they are users. */
  search(filters: AuditFilters) {
    let query = this.db
      .selectFrom('audit_events as e')
      .leftJoin('users as a', 'a.id', 'e.actor_id')
      .leftJoin('users as s', 's.id', 'e.subject_id')
      .leftJoin('users as t', 't.id', 'e.target')
      .selectAll('e')
      .select([
        'a.email as actor_email',
        'a.full_name as actor_name',
        's.email as subject_email',
        's.full_name as subject_name',
        't.id as target_user_id',
        't.email as target_email',
        't.full_name as target_name',
      ])
      .orderBy('e.seq', 'desc')
      .limit(filters.limit);
    if (filters.action) query = query.where('e.action', '=', filters.action);
    if (filters.actor) query = query.where('e.actor_id', '=', filters.actor);
    if (filters.subject) query = query.where('e.subject_id', '=', filters.subject);
    if (filters.from !== undefined) query = query.where('e.at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('e.at', '<=', filters.to);
    if (filters.before !== undefined) query = query.where('e.seq', '<', filters.before);
    if (filters.q) {
      // The search text matches literally (its wildcards escaped) and in any case, on both databases.
      const pattern = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // A user target is shown by name and address, so those match too.
      query = query.where(
        sql<boolean>`(lower(e.target) like ${pattern} escape '\\' or lower(t.email) like ${pattern} escape '\\' or lower(t.full_name) like ${pattern} escape '\\')`,
      );
    }
    return query.execute();
  }

  latest(limit: number, action?: string): Promise<AuditEventRow[]> {
    let query = this.db.selectFrom('audit_events').selectAll().orderBy('seq', 'desc').limit(limit);
    if (action) query = query.where('action', '=', action);
    return query.execute();
  }
}
