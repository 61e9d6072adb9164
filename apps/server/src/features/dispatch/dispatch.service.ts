import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { canMoveIncident, type IncidentStatus } from '@argus/contracts/incidents';
import { DISPATCH_TRANSITIONS, UNIT_STATUS_FOR_DISPATCH, type DispatchStatus, type UnitStatus } from '@argus/contracts/units';
import { actsForUnit, seesEveryRow } from '@argus/contracts/policies/visibility';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { UnitsRepository } from '../units/units.repository';
import type { UserRow } from '../users/users.repository';
import { PendingEvents, type EventPublisher } from '../../realtime/events';
import { incidentEvents } from '../incidents/incidents.events';
import { unitEvents } from '../units/units.events';
import { dispatchEvents } from './dispatch.events';
import type { AssignmentRow, DispatchRepository, DispatchRow } from './dispatch.repository';

const UNAVAILABLE: readonly UnitStatus[] = ['out_of_service', 'offline'];

/**
 * Dispatch: units assigned to an incident, each assignment moving through its milestones with a
 * time for each. The unit's status, the incident's status and the incident timeline change in
 * the same transaction as the assignment, so they never disagree.
 */
export class DispatchService {
  constructor(
    private readonly repository: DispatchRepository,
    private readonly incidents: IncidentsRepository,
    private readonly units: UnitsRepository,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
  ) {}

  /** Assignments with their incident: a field unit gets only those of the units it crews. */
  assignments(
    viewer: UserRow,
    query: { active: boolean; incidentId?: string | undefined; unitId?: string | undefined },
  ): Promise<AssignmentRow[]> {
    return this.repository.listAssignments({ ...query, crewMemberId: seesEveryRow(viewer.role) ? undefined : viewer.id });
  }

  async assign(incidentId: string, unitIds: string[], actorId: string): Promise<DispatchRow[]> {
    const now = this.clock.now();
    const pending = new PendingEvents();
    const created = await this.repository.transaction(async (trx) => {
      const incident = await this.incidents.find(incidentId, trx);
      if (!incident) throw new AppError('not_found', 'No such incident.');
      if (incident.status === 'resolved' || incident.status === 'closed') {
        throw new AppError('conflict', `The incident is ${incident.status}; reopen it to triage before dispatching.`);
      }
      const created: DispatchRow[] = [];
      for (const unitId of [...new Set(unitIds)]) {
        const unit = await this.units.find(unitId, trx);
        if (!unit) throw new AppError('not_found', `No unit with id ${unitId}.`);
        if (UNAVAILABLE.includes(unit.status)) throw new AppError('conflict', `${unit.callsign} is ${unit.status.replaceAll('_', ' ')}.`);
        if (await this.repository.hasActiveAssignment(trx, unitId))
          throw new AppError('conflict', `${unit.callsign} is already assigned to an incident.`);
        const row: DispatchRow = {
          id: randomUUID(),
          incident_id: incidentId,
          unit_id: unitId,
          status: 'assigned',
          milestones: JSON.stringify({ assigned: now }),
          created_at: now,
          updated_at: now,
        };
        await this.repository.insert(trx, row);
        await this.units.update(trx, unitId, { status: UNIT_STATUS_FOR_DISPATCH.assigned, updated_at: now });
        pending.add(dispatchEvents.created(row));
        pending.add(unitEvents.updated((await this.units.find(unitId, trx))!));
        await this.timeline(trx, pending, incidentId, now, actorId, 'dispatch.assigned', {
          dispatchId: row.id,
          unitId,
          callsign: unit.callsign,
        });
        created.push(row);
      }
      await this.moveIncident(trx, pending, incidentId, incident.status, 'dispatched', now, actorId);
      return created;
    });
    pending.publishTo(this.events);
    return created;
  }

  async setStatus(viewer: UserRow, dispatchId: string, clientId: string, status: DispatchStatus): Promise<DispatchRow> {
    const now = this.clock.now();
    const pending = new PendingEvents();
    const result = await this.repository.transaction(async (trx) => {
      const row = await this.repository.find(dispatchId, trx);
      if (!row) throw new AppError('not_found', 'No such assignment.');
      const unit = (await this.units.find(row.unit_id, trx))!;
      if (!actsForUnit(viewer, unit.members)) throw new AppError('forbidden', 'This is not your unit’s assignment.');
      const claim = await this.units.claim(trx, {
        client_id: clientId,
        user_id: viewer.id,
        kind: 'dispatch.status',
        target_id: dispatchId,
        created_at: now,
      });
      if (!claim.fresh) {
        if (claim.earlier.kind !== 'dispatch.status' || claim.earlier.target_id !== dispatchId || claim.earlier.user_id !== viewer.id) {
          throw new AppError('conflict', 'This clientId was already used for a different action.');
        }
        return row;
      }
      const current = row.status;
      if (status === current) return row;
      const allowed = DISPATCH_TRANSITIONS[current];
      if (!allowed.includes(status)) {
        throw new AppError(
          'conflict',
          allowed.length
            ? `An assignment that is ${current} can move to ${allowed.join(', ')}, not ${status}.`
            : `An assignment that is ${current} is over.`,
        );
      }
      const milestones = { ...(JSON.parse(row.milestones) as Record<string, number>), [status]: now };
      const next = { ...row, status, milestones: JSON.stringify(milestones), updated_at: now };
      await this.repository.update(trx, next);
      await this.units.update(trx, unit.id, { status: UNIT_STATUS_FOR_DISPATCH[status], updated_at: now });
      pending.add(dispatchEvents.updated(next));
      pending.add(unitEvents.updated((await this.units.find(unit.id, trx))!));
      await this.timeline(trx, pending, row.incident_id, now, viewer.id, `dispatch.${status}`, {
        dispatchId,
        unitId: unit.id,
        callsign: unit.callsign,
      });
      if (status === 'on_scene') {
        const incident = (await this.incidents.find(row.incident_id, trx))!;
        await this.moveIncident(trx, pending, incident.id, incident.status, 'on_scene', now, viewer.id);
      }
      return next;
    });
    pending.publishTo(this.events);
    return result;
  }

  /** Moves the incident too when its lifecycle allows (the first unit dispatched, the first on scene). */
  private async moveIncident(
    trx: Transaction<Database>,
    pending: PendingEvents,
    id: string,
    from: IncidentStatus,
    to: IncidentStatus,
    now: number,
    actorId: string,
  ) {
    if (from === to || !canMoveIncident(from, to)) return;
    await this.incidents.update(trx, id, { status: to, updated_at: now });
    pending.add(incidentEvents.updated((await this.incidents.find(id, trx))!));
    await this.timeline(trx, pending, id, now, actorId, 'incident.status', { from, to });
  }

  private async timeline(
    trx: Transaction<Database>,
    pending: PendingEvents,
    incidentId: string,
    at: number,
    actorId: string,
    kind: string,
    detail: Record<string, unknown>,
  ) {
    const entry = await this.incidents.appendTimeline(trx, {
      id: randomUUID(),
      incident_id: incidentId,
      at,
      kind,
      actor_id: actorId,
      detail: JSON.stringify(detail),
    });
    pending.add(incidentEvents.timeline(entry));
  }
}
