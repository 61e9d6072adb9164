import type { Selectable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { EvidenceCustodyTable, EvidenceItemsTable } from '../../db/schema';
import type { Keyset } from '../../lib/cursor';
import type { EvidenceKind, EvidenceStatus } from '@argus/contracts/evidence';

export type EvidenceRow = Selectable<EvidenceItemsTable>;
export type CustodyRow = Selectable<EvidenceCustodyTable>;
/** A row with its capturer's name, for the presenter. */
export type EvidenceView = EvidenceRow & { captured_by_name: string | null };
export type CustodyView = CustodyRow & { actor_name: string | null };

export interface EvidenceFilters {
  capturedBy?: string | undefined;
  incidentId?: string | undefined;
  kind?: EvidenceKind | undefined;
  statuses?: EvidenceStatus[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: Keyset | undefined;
  limit: number;
}

export const GENESIS_HASH = '0'.repeat(64);

/** Only this file reads and writes evidence items and custody entries; entries are only ever inserted. */
export class EvidenceRepository extends TransactionalRepository {
  /** Inserts unless an item with the same source_ref exists; true when this call inserted it. */
  async insert(trx: Executor, row: EvidenceRow): Promise<boolean> {
    const result = await trx
      .insertInto('evidence_items')
      .values(row)
      .onConflict((oc) => oc.column('source_ref').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  find(id: string, trx: Executor = this.db): Promise<EvidenceRow | undefined> {
    return trx.selectFrom('evidence_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySourceRef(sourceRef: string, trx: Executor = this.db): Promise<EvidenceRow | undefined> {
    return trx.selectFrom('evidence_items').selectAll().where('source_ref', '=', sourceRef).executeTakeFirst();
  }

  async findViews(ids: string[], trx: Executor = this.db): Promise<EvidenceView[]> {
    if (ids.length === 0) return [];
    return this.views(trx).where('e.id', 'in', ids).execute();
  }

  list(filters: EvidenceFilters): Promise<EvidenceView[]> {
    let query = this.views().orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(filters.limit);
    if (filters.capturedBy) query = query.where('e.captured_by', '=', filters.capturedBy);
    if (filters.incidentId) query = query.where('e.incident_id', '=', filters.incidentId);
    if (filters.kind) query = query.where('e.kind', '=', filters.kind);
    if (filters.statuses?.length) query = query.where('e.status', 'in', filters.statuses);
    if (filters.from !== undefined) query = query.where('e.created_at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('e.created_at', '<=', filters.to);
    if (filters.before) {
      const { createdAt, id } = filters.before;
      query = query.where((eb) =>
        eb.or([eb('e.created_at', '<', createdAt), eb.and([eb('e.created_at', '=', createdAt), eb('e.id', '<', id)])]),
      );
    }
    return query.execute();
  }

  async update(trx: Executor, id: string, changes: Partial<Pick<EvidenceRow, 'status' | 'status_reason' | 'incident_id'>>): Promise<void> {
    await trx.updateTable('evidence_items').set(changes).where('id', '=', id).execute();
  }

  /**
   * Appends one custody entry. Bumping the item's chain head first takes its row lock on
   * PostgreSQL, so two appends to one item never fork the chain (SQLite has one writer anyway).
   */
  async appendCustody(
    trx: Executor,
    itemId: string,
    entry: Omit<CustodyRow, 'item_id' | 'seq' | 'prev_hash' | 'hash'>,
    hashOf: (prevHash: string, seq: number) => string,
  ): Promise<CustodyRow> {
    const head = await trx
      .updateTable('evidence_items')
      .set((eb) => ({ custody_seq: eb('custody_seq', '+', 1) }))
      .where('id', '=', itemId)
      .returning(['custody_seq', 'custody_head'])
      .executeTakeFirstOrThrow();
    const seq = Number(head.custody_seq);
    const row: CustodyRow = { ...entry, item_id: itemId, seq, prev_hash: head.custody_head, hash: hashOf(head.custody_head, seq) };
    await trx.insertInto('evidence_custody').values(row).execute();
    await trx.updateTable('evidence_items').set({ custody_head: row.hash }).where('id', '=', itemId).execute();
    return row;
  }

  /**
   * When this person last viewed the item, at or after `since`. On PostgreSQL the item's row is
   * locked first, so two of one viewer's requests racing each other see one another's entry.
   */
  async lastViewSince(trx: Executor, itemId: string, actorId: string | null, since: number): Promise<number | null> {
    await trx
      .selectFrom('evidence_items')
      .select('id')
      .where('id', '=', itemId)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    const row = await trx
      .selectFrom('evidence_custody')
      .select('at')
      .where('item_id', '=', itemId)
      .where('action', '=', 'viewed')
      .where('actor_id', actorId === null ? 'is' : '=', actorId)
      .where('at', '>=', since)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.at) : null;
  }

  custody(itemId: string, trx: Executor = this.db): Promise<CustodyView[]> {
    return trx
      .selectFrom('evidence_custody as c')
      .leftJoin('users as u', 'u.id', 'c.actor_id')
      .selectAll('c')
      .select('u.full_name as actor_name')
      .where('c.item_id', '=', itemId)
      .orderBy('c.seq')
      .execute();
  }

  /** Every item id, a page at a time, for verifying the whole store. */
  idsAfter(afterId: string, limit: number): Promise<string[]> {
    return this.db
      .selectFrom('evidence_items')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  incidentExists(id: string, trx: Executor = this.db): Promise<boolean> {
    return trx.selectFrom('incidents').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
  }

  private views(on: Executor = this.db) {
    return on
      .selectFrom('evidence_items as e')
      .leftJoin('users as u', 'u.id', 'e.captured_by')
      .selectAll('e')
      .select('u.full_name as captured_by_name');
  }
}
