import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { canMoveIncident, type IncidentStatus } from '@argus/contracts/incidents';
import { DISPATCH_TRANSITIONS, UNIT_STATUS_FOR_DISPATCH, type DispatchStatus, type UnitStatus } from '@argus/contracts/units';
import { actsForUnit, seesEveryRow } from '@argus/contracts/policies/visibility';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { IncidentRow, IncidentsRepository } from '../incidents/incidents.repository';
import { nextVersion } from '../incidents/incident-version';
import { clientActionKey, type UnitsRepository } from '../units/units.repository';
import type { UserRow } from '../users/users.repository';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import { incidentEvents } from '../incidents/incidents.events';
import { unitEvents } from '../units/units.events';
import { dispatchEvents } from './dispatch.events';
import { ACTIVE_DISPATCH_STATUSES, type AssignmentRow, type DispatchRepository, type DispatchRow } from './dispatch.repository';

const UNAVAILABLE: readonly UnitStatus[] = ['out_of_service', 'offline'];

/** A timeline entry's time, and when the server received it for actions sent from a device. */
interface TimelineTimes {
  at: number;
  receivedAt: number | null;
}

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
    private readonly events: DurableEvents,
    private readonly deviceTime: DeviceTime,
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
    const created = await this.events.transaction(this.repository, async (trx, pending) => {
      const incident = await this.openIncident(trx, incidentId);
      const created: DispatchRow[] = [];
      for (const unitId of [...new Set(unitIds)]) created.push(await this.assignIn(trx, pending, incident.id, unitId, now, actorId));
      await this.moveIncident(trx, pending, incidentId, incident.status, 'dispatched', now, actorId);
      return created;
    });
    return created;
  }

  /**
   * Recalls a unit from its assignment, or a crew cancels its own, with a reason: the unit is
   * available again, the milestone "cancelled" gets its time, and the crew hears of it on its
   * unit's channel (docs/decisions/0035-incident-management.md).
   */
  async cancel(viewer: UserRow, dispatchId: string, reason: string): Promise<DispatchRow> {
    const now = this.clock.now();
    const cancelled = await this.events.transaction(this.repository, async (trx, pending) => {
      const { row, unit } = await this.ownAssignment(trx, viewer, dispatchId);
      return this.cancelIn(trx, pending, row, unit, reason, now, viewer);
    });
    return cancelled;
  }

  /**
   * Moves a unit to another incident in one transaction: its assignment here is cancelled with
   * the reason "Reassigned to <reference>" and a new one is made there, or neither happens.
   */
  async reassign(viewer: UserRow, dispatchId: string, incidentId: string): Promise<{ cancelled: DispatchRow; dispatch: DispatchRow }> {
    const now = this.clock.now();
    const result = await this.events.transaction(this.repository, async (trx, pending) => {
      const { row, unit } = await this.ownAssignment(trx, viewer, dispatchId);
      if (row.incident_id === incidentId) throw new AppError('conflict', `${unit.callsign} is already on this incident.`);
      const target = await this.openIncident(trx, incidentId);
      const cancelled = await this.cancelIn(trx, pending, row, unit, `Reassigned to ${target.reference}`, now, viewer);
      const dispatch = await this.assignIn(trx, pending, target.id, unit.id, now, viewer.id);
      await this.moveIncident(trx, pending, target.id, target.status, 'dispatched', now, viewer.id);
      return { cancelled, dispatch };
    });
    return result;
  }

  /** The incident to send units to: 404 when there is none, 409 when it is over. */
  private async openIncident(trx: Transaction<Database>, incidentId: string): Promise<IncidentRow> {
    const incident = await this.incidents.find(incidentId, trx);
    if (!incident) throw new AppError('not_found', 'No such incident.');
    if (incident.status === 'resolved' || incident.status === 'closed') {
      throw new AppError('conflict', `${incident.reference} is ${incident.status}; reopen it to triage before dispatching.`);
    }
    return incident;
  }

  /** An assignment, locked for the change, and its unit; 403 unless the viewer acts for that unit. */
  private async ownAssignment(trx: Transaction<Database>, viewer: UserRow, dispatchId: string) {
    const row = await this.repository.findForUpdate(trx, dispatchId);
    if (!row) throw new AppError('not_found', 'No such assignment.');
    const unit = (await this.units.find(row.unit_id, trx))!;
    if (!actsForUnit(viewer, unit.members)) throw new AppError('forbidden', 'This is not your unit’s assignment.');
    return { row, unit };
  }

  private async assignIn(
    trx: Transaction<Database>,
    pending: PendingEvents,
    incidentId: string,
    unitId: string,
    now: number,
    actorId: string,
  ): Promise<DispatchRow> {
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
      cancel_reason: null,
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
    return row;
  }

  private async cancelIn(
    trx: Transaction<Database>,
    pending: PendingEvents,
    row: DispatchRow,
    unit: { id: string; callsign: string },
    reason: string,
    now: number,
    actor: UserRow,
  ): Promise<DispatchRow> {
    // Command may recall a unit even on scene (to reassign it); the crews' own milestone buttons
    // follow DISPATCH_TRANSITIONS, where on scene ends only by clearing.
    if (!ACTIVE_DISPATCH_STATUSES.includes(row.status)) {
      throw new AppError('conflict', `${unit.callsign}’s assignment is already ${row.status}; there is nothing to recall.`);
    }
    const milestones = { ...(JSON.parse(row.milestones) as Record<string, number>), cancelled: now };
    const next: DispatchRow = {
      ...row,
      status: 'cancelled',
      milestones: JSON.stringify(milestones),
      updated_at: now,
      cancel_reason: reason,
    };
    await this.repository.update(trx, next);
    await this.units.update(trx, unit.id, { status: UNIT_STATUS_FOR_DISPATCH.cancelled, updated_at: now });
    pending.add(dispatchEvents.updated(next));
    pending.add(unitEvents.updated((await this.units.find(unit.id, trx))!));
    await this.timeline(trx, pending, row.incident_id, now, actor.id, 'dispatch.cancelled', {
      dispatchId: row.id,
      unitId: unit.id,
      callsign: unit.callsign,
      reason,
      by: actor.full_name,
    });
    return next;
  }

  /**
   * A crew's milestone, timed by the tap on the device rather than by the signal that carried it
   * (docs/decisions/0042-device-time.md): the milestone, the timeline entry (with its receipt
   * beside it) and the incident's on-scene entry all take the act's time, never earlier than the
   * assignment's previous milestone, so no response time comes out negative.
   */
  async setStatus(
    viewer: UserRow,
    dispatchId: string,
    request: { clientId: string; status: DispatchStatus; occurredAt?: number | undefined },
  ): Promise<DispatchRow> {
    const { clientId, status } = request;
    const { occurredAt, receivedAt: now } = this.deviceTime.resolve(request.occurredAt);
    const result = await this.events.transaction(this.repository, async (trx, pending) => {
      const { row, unit } = await this.ownAssignment(trx, viewer, dispatchId);
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
        pending.ensurePublished(clientActionKey(clientId));
        return row;
      }
      const announced = pending.keyed(clientActionKey(clientId));
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
      const reached = JSON.parse(row.milestones) as Record<string, number>;
      const at = Math.max(occurredAt, ...Object.values(reached));
      const milestones = { ...reached, [status]: at };
      const next = { ...row, status, milestones: JSON.stringify(milestones), updated_at: now };
      await this.repository.update(trx, next);
      await this.units.update(trx, unit.id, { status: UNIT_STATUS_FOR_DISPATCH[status], updated_at: now });
      announced.add(dispatchEvents.updated(next));
      announced.add(unitEvents.updated((await this.units.find(unit.id, trx))!));
      const times = { at, receivedAt: now };
      await this.timeline(trx, announced, row.incident_id, times, viewer.id, `dispatch.${status}`, {
        dispatchId,
        unitId: unit.id,
        callsign: unit.callsign,
      });
      if (status === 'on_scene') {
        const incident = (await this.incidents.find(row.incident_id, trx))!;
        await this.moveIncident(trx, announced, incident.id, incident.status, 'on_scene', now, viewer.id, times);
      }
      return next;
    });
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
    times: TimelineTimes = { at: now, receivedAt: null },
  ) {
    if (from === to || !canMoveIncident(from, to)) return;
    const current = (await this.incidents.find(id, trx))!;
    // The incident's version is the server's clock; its timeline entry, the act's time.
    await this.incidents.update(trx, id, { status: to, updated_at: nextVersion(current, now) });
    pending.add(incidentEvents.updated((await this.incidents.find(id, trx))!));
    await this.timeline(trx, pending, id, times, actorId, 'incident.status', { from, to });
  }

  private async timeline(
    trx: Transaction<Database>,
    pending: PendingEvents,
    incidentId: string,
    times: number | TimelineTimes,
    actorId: string,
    kind: string,
    detail: Record<string, unknown>,
  ) {
    const { at, receivedAt } = typeof times === 'number' ? { at: times, receivedAt: null } : times;
    const entry = await this.incidents.appendTimeline(trx, {
      id: randomUUID(),
      incident_id: incidentId,
      at,
      received_at: receivedAt,
      kind,
      actor_id: actorId,
      detail: JSON.stringify(detail),
    });
    pending.add(incidentEvents.timeline(entry));
  }
}
