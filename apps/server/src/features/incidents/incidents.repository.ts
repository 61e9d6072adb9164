import { sql, type Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { IncidentTimelineTable, IncidentsTable } from '../../db/schema';
import { insideBox, olderThan } from '../../db/filters';
import { isPostgres } from '../../db/dialect';
import type { IncidentSeverity, IncidentStatus } from '@argus/contracts/incidents';

export type IncidentRow = Selectable<IncidentsTable>;
export type TimelineRow = Selectable<IncidentTimelineTable>;

export interface IncidentFilters {
  statuses?: IncidentStatus[] | undefined;
  severities?: IncidentSeverity[] | undefined;
  category?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  bbox?: [south: number, west: number, north: number, east: number] | undefined;
  /** Keyset: rows created before this (createdAt, id). */
  before?: { createdAt: number; id: string } | undefined;
  limit: number;
}

/** Incidents and their timeline; every change to an incident writes its timeline entry in the same transaction. */
export class IncidentsRepository extends TransactionalRepository {
  async nextNumber(trx: Executor): Promise<number> {
    const row = await trx
      .updateTable('counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'incident')
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  async insert(trx: Executor, row: IncidentRow): Promise<void> {
    await trx.insertInto('incidents').values(row).execute();
  }

  find(id: string, trx: Executor = this.db): Promise<IncidentRow | undefined> {
    return trx.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Reads an incident to change it: on PostgreSQL the row stays locked until the transaction
   * ends, so two editors take turns and the second sees the first's change; SQLite has one
   * writer, and a transaction holds its only connection.
   */
  findForUpdate(trx: Executor, id: string): Promise<IncidentRow | undefined> {
    return trx
      .selectFrom('incidents')
      .selectAll()
      .where('id', '=', id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
  }

  async update(trx: Executor, id: string, changes: Partial<IncidentRow>): Promise<void> {
    await trx.updateTable('incidents').set(changes).where('id', '=', id).execute();
  }

  list(filters: IncidentFilters): Promise<IncidentRow[]> {
    let query = this.db.selectFrom('incidents').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit);
    if (filters.statuses?.length) query = query.where('status', 'in', filters.statuses);
    if (filters.severities?.length) query = query.where('severity', 'in', filters.severities);
    if (filters.category) query = query.where('category', '=', filters.category);
    if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('created_at', '<=', filters.to);
    if (filters.bbox) query = query.where((eb) => insideBox(eb, filters.bbox!));
    if (filters.before) query = query.where((eb) => olderThan(eb, filters.before!));
    return query.execute();
  }

  /** received_at is given only by field actions whose device time differs from their receipt (docs/decisions/0042-device-time.md). */
  async appendTimeline(
    trx: Executor,
    entry: Omit<TimelineRow, 'seq' | 'received_at'> & { received_at?: number | null },
  ): Promise<TimelineRow> {
    const { count } = await trx
      .selectFrom('incident_timeline')
      .select(sql<number>`count(*)`.as('count'))
      .where('incident_id', '=', entry.incident_id)
      .executeTakeFirstOrThrow();
    const row = { ...entry, received_at: entry.received_at ?? null, seq: Number(count) + 1 };
    await trx.insertInto('incident_timeline').values(row).execute();
    return row;
  }

  timeline(incidentId: string): Promise<TimelineRow[]> {
    return this.db.selectFrom('incident_timeline').selectAll().where('incident_id', '=', incidentId).orderBy('seq').orderBy('at').execute();
  }
}
