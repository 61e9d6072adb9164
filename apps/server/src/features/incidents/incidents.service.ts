import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import {
  canMoveIncident,
  incidentReference,
  INCIDENT_TRANSITIONS,
  needsDisposition,
  type IncidentStatus,
} from '@argus/contracts/incidents';
import type { CreateIncidentRequest, Disposition, IncidentListQuery, UpdateIncidentRequest } from '@argus/contracts/http/incidents';
import { editableIncidentFields, INCIDENT_EDITABLE_FIELDS, movesIncidentStatus } from '@argus/contracts/policies/incident-editing';
import type { UserRow } from '../users/users.repository';
import { nextVersion } from './incident-version';
import { AppError } from '../../lib/app-error';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import { incidentEvents } from './incidents.events';
import type { IncidentRow, IncidentsRepository, TimelineRow } from './incidents.repository';

const FIELDS = ['title', 'category', 'severity', 'description'] as const;

/** What changed, each as {from, to}; fields sent unchanged are left out. */
function describeEdits(current: IncidentRow, changes: UpdateIncidentRequest): Record<string, { from: unknown; to: unknown }> {
  const edits: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of FIELDS) {
    if (changes[field] !== undefined && changes[field] !== current[field]) edits[field] = { from: current[field], to: changes[field] };
  }
  if (changes.location && (changes.location.lat !== current.lat || changes.location.lon !== current.lon)) {
    edits.location = { from: { lat: current.lat, lon: current.lon }, to: { lat: changes.location.lat, lon: changes.location.lon } };
  }
  if (changes.threatLevel !== undefined && changes.threatLevel !== current.threat_level) {
    edits.threatLevel = { from: current.threat_level, to: changes.threatLevel };
  }
  return edits;
}

/** 403 before anything is read when the request touches what the editor's role may not change. */
function refuseWhatTheRoleMayNotChange(changes: UpdateIncidentRequest, role: string): void {
  const allowed = editableIncidentFields(role);
  const fields = INCIDENT_EDITABLE_FIELDS.filter((field) => changes[field] !== undefined && !allowed.includes(field));
  if (fields.length > 0) {
    throw new AppError(
      'forbidden',
      allowed.length ? `Your role may change only the ${allowed.join(', ')} of an incident.` : 'Your role may not edit incidents.',
    );
  }
  if ((changes.status !== undefined || changes.disposition !== undefined) && !movesIncidentStatus(role)) {
    throw new AppError('forbidden', 'Only command may change an incident’s status or disposition.');
  }
}

/**
 * Incidents: numbered INC-YYYY-NNNNNN, moved only along their lifecycle (409 names the moves
 * allowed from here), and every creation, edit and status change written to the incident's
 * timeline in the same transaction.
 */
export class IncidentsService {
  constructor(
    private readonly incidents: IncidentsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async create(request: CreateIncidentRequest, actorId: string | null): Promise<IncidentRow> {
    const created = await this.events.transaction(this.incidents, (trx, pending) => this.openIn(trx, pending, request, actorId));
    return created;
  }

  /** Opens an incident inside a caller's transaction (a verified report opens one with its verdict). */
  async openIn(
    trx: Transaction<Database>,
    pending: PendingEvents,
    request: CreateIncidentRequest,
    actorId: string | null,
  ): Promise<IncidentRow> {
    const now = this.clock.now();
    const number = await this.incidents.nextNumber(trx);
    const row: IncidentRow = {
      id: randomUUID(),
      reference: incidentReference(new Date(now).getUTCFullYear(), number),
      title: request.title,
      category: request.category,
      severity: request.severity,
      status: 'new',
      lat: request.location.lat,
      lon: request.location.lon,
      accuracy: request.location.accuracy ?? null,
      description: request.description,
      source: request.source ?? null,
      created_by: actorId,
      threat_level: null,
      created_at: now,
      updated_at: now,
      exercise: request.exercise ? 1 : 0,
      disposition: null,
      disposition_summary: null,
      disposition_at: null,
      disposition_by: null,
      disposition_public_note: null,
    };
    await this.incidents.insert(trx, row);
    const entry = await this.incidents.appendTimeline(trx, {
      id: randomUUID(),
      incident_id: row.id,
      at: now,
      kind: 'incident.created',
      actor_id: actorId,
      detail: JSON.stringify({ reference: row.reference, severity: row.severity }),
    });
    pending.add(incidentEvents.created(row));
    pending.add(incidentEvents.timeline(entry));
    return row;
  }

  /** Adds an entry to an incident's timeline inside a caller's transaction. */
  async recordIn(
    trx: Transaction<Database>,
    pending: PendingEvents,
    incidentId: string,
    kind: string,
    actorId: string | null,
    detail: Record<string, unknown>,
  ): Promise<void> {
    const entry = await this.incidents.appendTimeline(trx, {
      id: randomUUID(),
      incident_id: incidentId,
      at: this.clock.now(),
      kind,
      actor_id: actorId,
      detail: JSON.stringify(detail),
    });
    pending.add(incidentEvents.timeline(entry));
  }

  async get(id: string): Promise<IncidentRow> {
    const row = await this.incidents.find(id);
    if (!row) throw new AppError('not_found', 'No such incident.');
    return row;
  }

  /**
   * Edits an incident, moves its status, or codes how it ended. Each part is checked against the
   * editor's role (docs/decisions/0035-incident-management.md) and, when the editor says which
   * version it saw, against the incident's current version; a refusal changes nothing.
   */
  async update(id: string, changes: UpdateIncidentRequest, actor: UserRow): Promise<IncidentRow> {
    refuseWhatTheRoleMayNotChange(changes, actor.role);
    const now = this.clock.now();
    const updated = await this.events.transaction(this.incidents, async (trx, pending) => {
      const current = await this.incidents.findForUpdate(trx, id);
      if (!current) throw new AppError('not_found', 'No such incident.');
      if (changes.expectedUpdatedAt !== undefined && changes.expectedUpdatedAt !== current.updated_at) {
        throw new AppError(
          'conflict',
          'This incident was changed by someone else since you opened it. Reload it and make your change again.',
        );
      }
      const status = current.status;
      const targetStatus = changes.status ?? status;
      const statusChanged = targetStatus !== status;
      if (statusChanged && !canMoveIncident(status, targetStatus)) {
        const allowed = INCIDENT_TRANSITIONS[status];
        throw new AppError(
          'conflict',
          allowed.length
            ? `An incident that is ${status} can move to ${allowed.join(', ')}, not ${targetStatus}.`
            : `An incident that is ${status} cannot change status.`,
        );
      }
      const edits = describeEdits(current, changes);
      if (Object.keys(edits).length > 0 && status === 'closed') throw new AppError('conflict', 'A closed incident cannot be edited.');
      const disposition = this.dispositionFor(current, targetStatus, statusChanged, changes.disposition);
      if (Object.keys(edits).length === 0 && !statusChanged && disposition === undefined) return current;

      const next: IncidentRow = {
        ...current,
        ...Object.fromEntries(FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]])),
        ...(changes.location ? { lat: changes.location.lat, lon: changes.location.lon, accuracy: changes.location.accuracy ?? null } : {}),
        status: targetStatus,
        threat_level: changes.threatLevel ?? current.threat_level,
        ...(disposition === undefined
          ? {}
          : disposition === null
            ? { disposition: null, disposition_summary: null, disposition_at: null, disposition_by: null, disposition_public_note: null }
            : {
                disposition: disposition.code,
                disposition_summary: disposition.summary,
                disposition_at: now,
                disposition_by: actor.full_name,
                disposition_public_note: disposition.publicNote?.trim() || null,
              }),
        updated_at: nextVersion(current, now),
      };
      await this.incidents.update(trx, id, next);
      pending.add(incidentEvents.updated(next));
      const by = actor.full_name;
      if (statusChanged) await this.recordIn(trx, pending, id, 'incident.status', actor.id, { from: status, to: targetStatus, by });
      if (Object.keys(edits).length > 0) await this.recordIn(trx, pending, id, 'incident.edited', actor.id, { ...edits, by });
      if (disposition) {
        await this.recordIn(trx, pending, id, 'incident.disposition', actor.id, {
          code: disposition.code,
          summary: disposition.summary,
          ...(disposition.publicNote?.trim() ? { publicNote: disposition.publicNote.trim() } : {}),
          by,
        });
      }
      return next;
    });
    return updated;
  }

  /**
   * The disposition to store: required to resolve (and to close an incident without one), cleared
   * on reopening, amendable while resolved or closed; undefined leaves it as it is.
   */
  private dispositionFor(
    current: IncidentRow,
    target: IncidentStatus,
    statusChanged: boolean,
    given: Disposition | undefined,
  ): Disposition | null | undefined {
    if (!needsDisposition(target)) {
      if (given) throw new AppError('conflict', 'A disposition is recorded when the incident is resolved or closed.');
      return statusChanged && current.disposition !== null ? null : undefined;
    }
    // Closing a resolved incident sends back the disposition its form was filled with: the same
    // outcome is kept as recorded (who, when) rather than written to the timeline a second time
    // (docs/decisions/0035-incident-management.md).
    if (given && sameDisposition(current, given)) return undefined;
    if (given) return given;
    if (statusChanged && (target === 'resolved' || current.disposition === null)) {
      throw new AppError(
        'validation_failed',
        `To ${target === 'resolved' ? 'resolve' : 'close'} an incident, give its disposition: an outcome code and a summary.`,
      );
    }
    return undefined;
  }

  async list(query: IncidentListQuery): Promise<{ rows: IncidentRow[]; nextCursor: string | null }> {
    const rows = await this.incidents.list({
      statuses: query.status,
      severities: query.severity,
      category: query.category,
      from: query.from,
      to: query.to,
      bbox: query.bbox as [number, number, number, number] | undefined,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit,
    });
    return { rows, nextCursor: nextCursor(rows, query.limit) };
  }

  async timeline(id: string): Promise<TimelineRow[]> {
    await this.get(id);
    return this.incidents.timeline(id);
  }
}

/** Whether the disposition given is the one the incident already holds, its public note compared as stored (trimmed). */
function sameDisposition(current: IncidentRow, given: Disposition): boolean {
  return (
    current.disposition === given.code &&
    current.disposition_summary === given.summary &&
    (current.disposition_public_note ?? null) === (given.publicNote?.trim() || null)
  );
}
