import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { ReportPhotosTable, ReportsTable } from '../../db/schema';
import { insideBox, olderThan } from '../../db/filters';
import type { Keyset } from '../../lib/cursor';
import type { IncidentProgress } from '@argus/contracts/civic-status';
import type { ReportKind, ReportStatus } from '@argus/contracts/reports';

export type ReportRow = Selectable<ReportsTable>;
export type PhotoRow = Selectable<ReportPhotosTable>;

/** A report with what its presenter needs besides the row: its photos, who holds its lock, and how its incident is going. */
export interface ReportView extends ReportRow {
  photos: PhotoRow[];
  lockHolderName: string | null;
  /** The linked incident's progress, for the public status; null while the report has no incident. */
  progress: IncidentProgress | null;
}

export interface ReportFilters {
  reporterId?: string | undefined;
  statuses?: ReportStatus[] | undefined;
  kind?: ReportKind | undefined;
  category?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  bbox?: readonly [south: number, west: number, north: number, east: number] | undefined;
  before?: Keyset | undefined;
  limit: number;
}

/** Only this file reads and writes reports and their photos. */
export class ReportsRepository extends TransactionalRepository {
  /**
   * Inserts unless a report with the same clientId (or the same follow link) exists; true when this
   * call inserted it. No conflict target: two anonymous reports racing with one follow token
   * must lose quietly here, not as a unique-index error.
   */
  async insertIfNew(row: ReportRow, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('reports')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The report a private follow link stands for, by the hash of its token. */
  findByFollowTokenHash(hash: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('follow_token_hash', '=', hash).executeTakeFirst();
  }

  /** Every report verified into or merged with an incident, whose public status follows it. */
  listByIncident(incidentId: string): Promise<ReportRow[]> {
    return this.db.selectFrom('reports').selectAll().where('incident_id', '=', incidentId).execute();
  }

  findByClientId(clientId: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  find(id: string, trx: Executor = this.db): Promise<ReportRow | undefined> {
    return trx.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(trx: Executor, id: string, changes: Partial<ReportRow>): Promise<void> {
    await trx.updateTable('reports').set(changes).where('id', '=', id).execute();
  }

  list(filters: ReportFilters): Promise<ReportRow[]> {
    let query = this.db.selectFrom('reports').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit);
    if (filters.reporterId) query = query.where('reporter_id', '=', filters.reporterId);
    if (filters.statuses?.length) query = query.where('status', 'in', filters.statuses);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    if (filters.category) query = query.where('category', '=', filters.category);
    if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('created_at', '<=', filters.to);
    if (filters.bbox) query = query.where((eb) => insideBox(eb, filters.bbox!));
    if (filters.before) query = query.where((eb) => olderThan(eb, filters.before!));
    return query.execute();
  }

  /** Reports inside a box and a time window, for duplicate suggestions. */
  near(box: { south: number; north: number; west: number; east: number }, from: number, to: number, limit: number): Promise<ReportRow[]> {
    return this.db
      .selectFrom('reports')
      .selectAll()
      .where((eb) => insideBox(eb, [box.south, box.west, box.north, box.east]))
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Adds photos, lock holders' names and incidents' progress to rows, in four queries at most whatever the number of rows. */
  async withDetails(rows: ReportRow[], trx: Executor = this.db): Promise<ReportView[]> {
    if (rows.length === 0) return [];
    const photos = await trx
      .selectFrom('report_photos')
      .selectAll()
      .where(
        'report_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('created_at')
      .execute();
    const holderIds = [...new Set(rows.map((row) => row.lock_holder_id).filter((id): id is string => id !== null))];
    const holders = holderIds.length
      ? await trx.selectFrom('users').select(['id', 'full_name']).where('id', 'in', holderIds).execute()
      : [];
    const progress = await this.progressOf(
      trx,
      rows.map((row) => row.incident_id),
    );
    return rows.map((row) => ({
      ...row,
      photos: photos.filter((photo) => photo.report_id === row.id),
      lockHolderName: holders.find((holder) => holder.id === row.lock_holder_id)?.full_name ?? null,
      progress: row.incident_id === null ? null : (progress.get(row.incident_id) ?? null),
    }));
  }

  /** Each incident's status, public note and assignments, for the public status of its reports. */
  private async progressOf(trx: Executor, ids: (string | null)[]): Promise<Map<string, IncidentProgress>> {
    const incidentIds = [...new Set(ids.filter((id): id is string => id !== null))];
    if (incidentIds.length === 0) return new Map();
    const incidents = await trx
      .selectFrom('incidents')
      .select(['id', 'status', 'disposition_public_note'])
      .where('id', 'in', incidentIds)
      .execute();
    const assignments = await trx
      .selectFrom('dispatches')
      .select(['incident_id', 'status'])
      .where('incident_id', 'in', incidentIds)
      .execute();
    return new Map(
      incidents.map((incident) => [
        incident.id,
        {
          status: incident.status,
          publicNote: incident.disposition_public_note,
          assignments: assignments.filter((assignment) => assignment.incident_id === incident.id).map((assignment) => assignment.status),
        },
      ]),
    );
  }

  /** Stores a photo's row unless one with its (device-made) id exists; true when this call stored it. */
  async insertPhotoIfNew(row: PhotoRow, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('report_photos')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findPhoto(id: string, trx: Executor = this.db): Promise<PhotoRow | undefined> {
    return trx.selectFrom('report_photos').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
