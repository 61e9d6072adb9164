import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { canMoveIncident, incidentReference, INCIDENT_TRANSITIONS } from '@argus/contracts/incidents';
import type { CreateIncidentRequest, IncidentListQuery, UpdateIncidentRequest } from '@argus/contracts/http/incidents';
import { AppError } from '../../lib/app-error';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { Clock } from '../../lib/clock';
import { PendingEvents, type EventPublisher } from '../../realtime/events';
import { incidentEvents } from './incidents.events';
import type { IncidentRow, IncidentsRepository, TimelineRow } from './incidents.repository';

const FIELDS = ['title', 'category', 'severity', 'description'] as const;

/**
 * Incidents: numbered INC-YYYY-NNNNNN, moved only along their lifecycle (409 names the moves
 * allowed from here), and every creation, edit and status change written to the incident's
 * timeline in the same transaction.
 */
export class IncidentsService {
  constructor(
    private readonly incidents: IncidentsRepository,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
  ) {}

  async create(request: CreateIncidentRequest, actorId: string | null): Promise<IncidentRow> {
    const pending = new PendingEvents();
    const created = await this.incidents.transaction((trx) => this.openIn(trx, pending, request, actorId));
    pending.publishTo(this.events);
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

  async update(id: string, changes: UpdateIncidentRequest, actorId: string | null): Promise<IncidentRow> {
    const now = this.clock.now();
    const pending = new PendingEvents();
    const updated = await this.incidents.transaction(async (trx) => {
      const current = await this.incidents.find(id, trx);
      if (!current) throw new AppError('not_found', 'No such incident.');
      const status = current.status;
      if (changes.status && changes.status !== status && !canMoveIncident(status, changes.status)) {
        const allowed = INCIDENT_TRANSITIONS[status];
        throw new AppError(
          'conflict',
          allowed.length
            ? `An incident that is ${status} can move to ${allowed.join(', ')}, not ${changes.status}.`
            : `An incident that is ${status} cannot change status.`,
        );
      }
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
      const statusChanged = changes.status !== undefined && changes.status !== status;
      if (Object.keys(edits).length === 0 && !statusChanged) return current;

      const next: IncidentRow = {
        ...current,
        ...Object.fromEntries(FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]])),
        ...(changes.location ? { lat: changes.location.lat, lon: changes.location.lon, accuracy: changes.location.accuracy ?? null } : {}),
        status: changes.status ?? current.status,
        threat_level: changes.threatLevel ?? current.threat_level,
        updated_at: now,
      };
      await this.incidents.update(trx, id, next);
      pending.add(incidentEvents.updated(next));
      if (statusChanged) {
        const entry = await this.incidents.appendTimeline(trx, {
          id: randomUUID(),
          incident_id: id,
          at: now,
          kind: 'incident.status',
          actor_id: actorId,
          detail: JSON.stringify({ from: status, to: changes.status }),
        });
        pending.add(incidentEvents.timeline(entry));
      }
      if (Object.keys(edits).length > 0) {
        const entry = await this.incidents.appendTimeline(trx, {
          id: randomUUID(),
          incident_id: id,
          at: now,
          kind: 'incident.edited',
          actor_id: actorId,
          detail: JSON.stringify(edits),
        });
        pending.add(incidentEvents.timeline(entry));
      }
      return next;
    });
    pending.publishTo(this.events);
    return updated;
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
