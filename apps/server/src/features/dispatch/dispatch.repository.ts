import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { DispatchesTable } from '../../db/schema';
import type { IncidentRow } from '../incidents/incidents.repository';
import type { DispatchStatus } from '@argus/contracts/units';
import { isPostgres } from '../../db/dialect';

export type DispatchRow = Selectable<DispatchesTable>;

export interface AssignmentRow {
  dispatch: DispatchRow;
  callsign: string;
  incident: IncidentRow;
}

/** Statuses of an assignment still in progress. */
export const ACTIVE_DISPATCH_STATUSES: readonly DispatchStatus[] = ['assigned', 'acknowledged', 'en_route', 'on_scene'];

/** Only this file reads and writes assignments; listing joins each to its unit's callsign and its incident in one query. */
export class DispatchRepository extends TransactionalRepository {
  find(id: string, trx: Executor = this.db): Promise<DispatchRow | undefined> {
    return trx.selectFrom('dispatches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Reads an assignment to change it, locked on PostgreSQL until the transaction ends (SQLite has one writer). */
  findForUpdate(trx: Executor, id: string): Promise<DispatchRow | undefined> {
    return trx
      .selectFrom('dispatches')
      .selectAll()
      .where('id', '=', id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
  }

  /** Whether the unit holds an assignment still in progress. */
  async hasActiveAssignment(trx: Executor, unitId: string): Promise<boolean> {
    const busy = await trx
      .selectFrom('dispatches')
      .select('incident_id')
      .where('unit_id', '=', unitId)
      .where('status', 'in', ACTIVE_DISPATCH_STATUSES)
      .executeTakeFirst();
    return busy !== undefined;
  }

  async insert(trx: Executor, row: DispatchRow): Promise<void> {
    await trx.insertInto('dispatches').values(row).execute();
  }

  async update(trx: Executor, row: DispatchRow): Promise<void> {
    await trx.updateTable('dispatches').set(row).where('id', '=', row.id).execute();
  }

  async listAssignments(filters: {
    active: boolean;
    incidentId?: string | undefined;
    unitId?: string | undefined;
    crewMemberId?: string | undefined;
  }): Promise<AssignmentRow[]> {
    let query = this.db
      .selectFrom('dispatches')
      .innerJoin('units', 'units.id', 'dispatches.unit_id')
      .innerJoin('incidents', 'incidents.id', 'dispatches.incident_id')
      .selectAll('dispatches')
      .select('units.callsign as callsign')
      .select([
        'incidents.reference as i_reference',
        'incidents.title as i_title',
        'incidents.category as i_category',
        'incidents.severity as i_severity',
        'incidents.status as i_status',
        'incidents.lat as i_lat',
        'incidents.lon as i_lon',
        'incidents.accuracy as i_accuracy',
        'incidents.description as i_description',
        'incidents.source as i_source',
        'incidents.created_by as i_created_by',
        'incidents.threat_level as i_threat_level',
        'incidents.created_at as i_created_at',
        'incidents.updated_at as i_updated_at',
        'incidents.exercise as i_exercise',
        'incidents.disposition as i_disposition',
        'incidents.disposition_summary as i_disposition_summary',
        'incidents.disposition_at as i_disposition_at',
        'incidents.disposition_by as i_disposition_by',
        'incidents.disposition_public_note as i_disposition_public_note',
      ])
      .orderBy('dispatches.created_at', 'desc')
      .limit(500);
    if (filters.active) query = query.where('dispatches.status', 'in', ACTIVE_DISPATCH_STATUSES);
    if (filters.incidentId) query = query.where('dispatches.incident_id', '=', filters.incidentId);
    if (filters.unitId) query = query.where('dispatches.unit_id', '=', filters.unitId);
    if (filters.crewMemberId) {
      query = query.where(
        'dispatches.unit_id',
        'in',
        this.db.selectFrom('unit_members').select('unit_id').where('user_id', '=', filters.crewMemberId),
      );
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      dispatch: {
        id: row.id,
        incident_id: row.incident_id,
        unit_id: row.unit_id,
        status: row.status,
        milestones: row.milestones,
        created_at: row.created_at,
        updated_at: row.updated_at,
        cancel_reason: row.cancel_reason,
      },
      callsign: row.callsign,
      incident: {
        id: row.incident_id,
        reference: row.i_reference,
        title: row.i_title,
        category: row.i_category,
        severity: row.i_severity,
        status: row.i_status,
        lat: row.i_lat,
        lon: row.i_lon,
        accuracy: row.i_accuracy,
        description: row.i_description,
        source: row.i_source,
        created_by: row.i_created_by,
        threat_level: row.i_threat_level,
        created_at: row.i_created_at,
        updated_at: row.i_updated_at,
        exercise: row.i_exercise,
        disposition: row.i_disposition,
        disposition_summary: row.i_disposition_summary,
        disposition_at: row.i_disposition_at,
        disposition_by: row.i_disposition_by,
        disposition_public_note: row.i_disposition_public_note,
      },
    }));
  }
}
