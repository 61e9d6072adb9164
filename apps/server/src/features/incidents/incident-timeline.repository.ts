import type { Kysely } from 'kysely';
import type { Role } from '@argus/contracts/roles';
import type { AlertSeverity, AlertStatus } from '@argus/contracts/alerts';
import type { DispatchStatus } from '@argus/contracts/units';
import type { ReportKind } from '@argus/contracts/reports';
import type { Database } from '../../db/schema';

export interface LinkedReport {
  id: string;
  tracking_code: string;
  kind: ReportKind;
  category: string;
  description: string;
  created_at: number;
  occurred_at: number | null;
}

export interface IncidentMessage {
  id: string;
  body: string;
  sent_at: number;
  occurred_at: number | null;
  sender_id: string;
  sender_name: string;
  sender_role: Role;
}

export interface AssignmentSpan {
  unit_id: string;
  callsign: string;
  status: DispatchStatus;
  created_at: number;
  updated_at: number;
}

export interface AlertCandidate {
  id: string;
  rule: string;
  title: string;
  severity: AlertSeverity;
  status: AlertStatus;
  sources: string;
  event_at: number | null;
  created_at: number;
}

/**
 * What else is linked to an incident, for its one timeline (docs/decisions/0014-one-incident-timeline.md):
 * the reports verified or merged into it, its channel's messages, its assignments and the alerts
 * that may name it. Read only; the stored entries stay in IncidentsRepository.
 */
export class IncidentTimelineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  reports(incidentId: string): Promise<LinkedReport[]> {
    return this.db
      .selectFrom('reports')
      .select(['id', 'tracking_code', 'kind', 'category', 'description', 'created_at', 'occurred_at'])
      .where('incident_id', '=', incidentId)
      .execute();
  }

  messages(incidentId: string): Promise<IncidentMessage[]> {
    return this.withSenders().where('messages.channel', '=', 'incident').where('messages.target_id', '=', incidentId).execute();
  }

  /** Messages on the threads of the given units since a time; the service keeps those sent while assigned here. */
  async unitMessages(unitIds: string[], since: number): Promise<(IncidentMessage & { unit_id: string })[]> {
    if (unitIds.length === 0) return [];
    const rows = await this.withSenders()
      .select('messages.target_id')
      .where('messages.channel', '=', 'unit')
      .where('messages.target_id', 'in', unitIds)
      .where('messages.sent_at', '>=', since)
      .execute();
    return rows.map(({ target_id, ...message }) => ({ ...message, unit_id: target_id! }));
  }

  /** Messages with who sent them, as the timeline names them. */
  private withSenders() {
    return this.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.sender_id')
      .select([
        'messages.id',
        'messages.body',
        'messages.sent_at',
        'messages.occurred_at',
        'messages.sender_id',
        'users.full_name as sender_name',
        'users.role as sender_role',
      ]);
  }

  assignments(incidentId: string): Promise<AssignmentSpan[]> {
    return this.db
      .selectFrom('dispatches')
      .innerJoin('units', 'units.id', 'dispatches.unit_id')
      .select(['dispatches.unit_id', 'units.callsign', 'dispatches.status', 'dispatches.created_at', 'dispatches.updated_at'])
      .where('dispatches.incident_id', '=', incidentId)
      .execute();
  }

  /**
   * Alerts raised since `since` whose recorded sources mention any of `ids`. The text match only
   * narrows the rows (sources is JSON text on both databases); the service checks each source exactly.
   */
  alertsMentioning(ids: readonly string[], since: number): Promise<AlertCandidate[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (
      this.db
        .selectFrom('alerts')
        .select(['id', 'rule', 'title', 'severity', 'status', 'sources', 'event_at', 'created_at'])
        .where('created_at', '>=', since)
        // An id holding a wildcard would only widen the match, never hide a row: no escaping needed.
        .where((eb) => eb.or(ids.map((id) => eb('sources', 'like', `%${id}%`))))
        .execute()
    );
  }

  /** Display names of the people who wrote the stored entries. */
  peopleNamed(ids: readonly string[]): Promise<{ id: string; full_name: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('id', 'in', [...ids])
      .execute();
  }
}
