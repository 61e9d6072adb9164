import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { z } from 'zod';
import type { CreateUnitRequest, SosRequest, UnitListQuery, UnitPositionRequest, UnitStatusRequest } from '@argus/contracts/http/units';
import { actsForUnit, seesEveryRow } from '@argus/contracts/policies/visibility';
import { AppError } from '../../lib/app-error';
import { GroupCommit, type Outcome } from '../../lib/group-commit';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { UserRow } from '../users/users.repository';
import type { DurableEvents } from '../../realtime/durable-events';
import type { OperationalEvent, PendingEvents } from '../../realtime/events';
import type { AlertsService } from '../alerts/alerts.service';
import { unitEvents } from './units.events';
import { clientActionKey, type UnitRow, type UnitWithMembers, type UnitsRepository } from './units.repository';

/** What an action changes on a unit, and the event that announces the changed unit. */
interface UnitChange {
  changes: Partial<UnitRow>;
  announce: (unit: UnitWithMembers) => OperationalEvent;
}

/** Decides an action's change from the unit as it is, or null when nothing changes. */
type Decide = (unit: UnitWithMembers, now: number, trx: Transaction<Database>, pending: PendingEvents) => Promise<UnitChange | null>;

/** A batch position's answer: the unit as it now stands, or the refusal that one position got. */
export type PositionOutcome =
  | { ok: true; unitId: string; clientId: string; unit: UnitWithMembers }
  | { ok: false; unitId: string; clientId: string; error: { code: string; message: string } };

interface PositionJob {
  viewer: UserRow;
  unitId: string;
  request: z.infer<typeof UnitPositionRequest>;
}

/** A fix older than the one held (an outbox flushed late) is recorded as received but moves nothing. */
function positionChange(unit: UnitWithMembers, request: z.infer<typeof UnitPositionRequest>, now: number): UnitChange | null {
  const at = Math.min(request.at ?? now, now);
  if (unit.position_at !== null && at <= unit.position_at) return null;
  return {
    changes: {
      lat: request.location.lat,
      lon: request.location.lon,
      accuracy: request.location.accuracy ?? null,
      heading: request.heading ?? null,
      speed: request.speed ?? null,
      position_at: at,
    },
    announce: unitEvents.position,
  };
}

/**
 * Units and their crews. A field unit sees and moves only the units it crews; command sees all.
 * Status changes and positions from the field carry a device-made clientId: a retried request
 * (the answer was lost on a weak signal) does nothing twice, and a position older than the one
 * held (an outbox flushed late) is recorded as received but does not move the unit back.
 */
export class UnitsService {
  constructor(
    private readonly units: UnitsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
    private readonly alerts: AlertsService,
    private readonly deviceTime: DeviceTime,
  ) {}

  private readonly positions = new GroupCommit<PositionJob, UnitWithMembers>((jobs) => this.commitPositions(jobs));

  async create(request: CreateUnitRequest): Promise<UnitWithMembers> {
    const members = [...new Set(request.members)];
    const found = await this.units.existingUsers(members);
    const missing = members.filter((id) => !found.some((user) => user.id === id));
    if (missing.length) throw new AppError('validation_failed', `No user with id ${missing.join(', ')}.`);
    const notField = found.filter((user) => user.role !== 'Field_Unit');
    if (notField.length) throw new AppError('validation_failed', 'Only Field_Unit accounts can crew a unit.');
    const now = this.clock.now();
    const row: UnitRow = {
      id: randomUUID(),
      callsign: request.callsign,
      kind: request.kind,
      status: 'available',
      lat: null,
      lon: null,
      accuracy: null,
      heading: null,
      speed: null,
      position_at: null,
      emergency_since: null,
      emergency_by: null,
      emergency_lat: null,
      emergency_lon: null,
      emergency_seen_by: null,
      emergency_seen_at: null,
      status_at: null,
      created_at: now,
      updated_at: now,
    };
    try {
      return await this.events.transaction(this.units, async (trx, pending) => {
        await this.units.insert(trx, row, members);
        const unit = (await this.units.find(row.id, trx))!;
        pending.add(unitEvents.created(unit));
        return unit;
      });
    } catch (error) {
      if (await this.callsignTaken(request.callsign))
        throw new AppError('conflict', `A unit with callsign ${request.callsign} already exists.`);
      throw error;
    }
  }

  async list(viewer: UserRow, query: z.infer<typeof UnitListQuery>): Promise<{ units: UnitWithMembers[]; nextCursor: string | null }> {
    const units = await this.units.list({
      memberId: seesEveryRow(viewer.role) ? undefined : viewer.id,
      statuses: query.status,
      kind: query.kind,
      bbox: query.bbox as [number, number, number, number] | undefined,
      emergency: query.emergency,
      after: query.after,
      limit: query.limit,
    });
    return { units, nextCursor: units.length === query.limit ? units.at(-1)!.callsign : null };
  }

  /** The status chosen on the device keeps its time there in status_at (docs/decisions/0042-device-time.md). */
  async setStatus(viewer: UserRow, unitId: string, request: z.infer<typeof UnitStatusRequest>): Promise<UnitWithMembers> {
    const { occurredAt } = this.deviceTime.resolve(request.occurredAt);
    return this.act(viewer, unitId, request.clientId, 'unit.status', async (unit) => {
      if (unit.status === request.status) return null;
      return { changes: { status: request.status, status_at: occurredAt }, announce: unitEvents.updated };
    });
  }

  /**
   * Positions arrive many times a second across a fleet, so they are committed in groups: those
   * that come in while one commit runs share the next (each still acts once by its clientId).
   */
  setPosition(viewer: UserRow, unitId: string, request: z.infer<typeof UnitPositionRequest>): Promise<UnitWithMembers> {
    return this.positions.submit({ viewer, unitId, request });
  }

  /**
   * Positions of several units from one feed, each applied as `setPosition` would (they join the
   * same group commits) and answered on its own, so one refused position loses none of the others.
   */
  async setPositions(
    viewer: UserRow,
    positions: readonly (z.infer<typeof UnitPositionRequest> & { unitId: string })[],
  ): Promise<PositionOutcome[]> {
    const settled = await Promise.allSettled(positions.map(({ unitId, ...request }) => this.setPosition(viewer, unitId, request)));
    return settled.map((outcome, index) => {
      const { unitId, clientId } = positions[index]!;
      if (outcome.status === 'fulfilled') return { ok: true, unitId, clientId, unit: outcome.value };
      if (!(outcome.reason instanceof AppError)) throw outcome.reason;
      return { ok: false, unitId, clientId, error: { code: outcome.reason.code, message: outcome.reason.message } };
    });
  }

  private async commitPositions(jobs: PositionJob[]): Promise<Outcome<UnitWithMembers>[]> {
    const outcomes = await this.events.transaction(this.units, async (trx, pending) => {
      const results: Outcome<UnitWithMembers>[] = [];
      for (const { viewer, unitId, request } of jobs) {
        try {
          // A time outside the window refuses this position alone, before anything is written.
          const { occurredAt } = this.deviceTime.resolve(request.occurredAt);
          const timed = request.occurredAt === undefined ? request : { ...request, at: occurredAt };
          results.push({
            ok: true,
            value: await this.actIn(trx, pending, viewer, unitId, request.clientId, 'unit.position', async (unit, now) =>
              positionChange(unit, timed, now),
            ),
          });
        } catch (error) {
          // A refusal (not your unit, a reused clientId) is that job's answer; anything else fails the batch.
          if (!(error instanceof AppError)) throw error;
          results.push({ ok: false, error });
        }
      }
      return results;
    });
    return outcomes;
  }

  /**
   * SOS: a sticky emergency on the unit (a second press changes nothing) and a critical alert
   * for command, both in one transaction, so no screen can show one without the other.
   */
  async raiseSos(viewer: UserRow, unitId: string, request: z.infer<typeof SosRequest>): Promise<UnitWithMembers> {
    // The emergency dates from the press on the device, not from when a signal carried it.
    const { occurredAt } = this.deviceTime.resolve(request.occurredAt);
    return this.act(viewer, unitId, request.clientId, 'unit.sos', async (unit, now, trx, pending) => {
      const location = request.location ?? (unit.lat !== null && unit.lon !== null ? { lat: unit.lat, lon: unit.lon } : null);
      await this.alerts.raiseIn(trx, pending, {
        rule: 'unit.sos',
        subject: unit.id,
        severity: 'critical',
        title: `SOS: ${unit.callsign}`,
        detail: `${viewer.full_name} pressed SOS.`,
        location,
        sources: [
          { kind: 'unit', id: unit.id, name: unit.callsign },
          { kind: 'user', id: viewer.id, name: viewer.full_name },
        ],
      });
      if (unit.emergency_since !== null) return null;
      return {
        changes: {
          emergency_since: Math.min(occurredAt, now),
          emergency_by: viewer.full_name,
          emergency_lat: location?.lat ?? null,
          emergency_lon: location?.lon ?? null,
          emergency_seen_by: null,
          emergency_seen_at: null,
        },
        announce: unitEvents.updated,
      };
    });
  }

  /** Only command clears an emergency; its SOS alert is resolved with it. */
  async clearSos(unitId: string): Promise<UnitWithMembers> {
    const now = this.clock.now();
    const unit = await this.events.transaction(this.units, async (trx, pending) => {
      const unit = await this.units.find(unitId, trx);
      if (!unit) throw new AppError('not_found', 'No such unit.');
      if (unit.emergency_since === null) return unit;
      await this.units.update(trx, unit.id, {
        emergency_since: null,
        emergency_by: null,
        emergency_lat: null,
        emergency_lon: null,
        emergency_seen_by: null,
        emergency_seen_at: null,
        updated_at: now,
      });
      await this.alerts.resolveSubjectIn(trx, pending, 'unit.sos', unit.id);
      const cleared = (await this.units.find(unitId, trx))!;
      pending.add(unitEvents.updated(cleared));
      return cleared;
    });
    return unit;
  }

  /**
   * Command has seen the SOS: recorded on the unit (who, when) and on its SOS alert, so the crew
   * reads "SOS seen by …" (docs/decisions/0036-command-inbox-and-attention.md). Refused when there
   * is no emergency or it was already acknowledged; nothing changes then.
   */
  async acknowledgeSos(viewer: UserRow, unitId: string): Promise<UnitWithMembers> {
    const unit = await this.events.transaction(this.units, async (trx, pending) => {
      const unit = await this.units.find(unitId, trx);
      if (!unit) throw new AppError('not_found', 'No such unit.');
      if (unit.emergency_since === null) throw new AppError('conflict', `${unit.callsign} is not in SOS.`);
      if (unit.emergency_seen_at !== null)
        throw new AppError('conflict', `The SOS of ${unit.callsign} was already acknowledged by ${unit.emergency_seen_by ?? 'command'}.`);
      await this.markSosSeenIn(trx, pending, unitId, viewer);
      await this.alerts.acknowledgeSubjectIn(trx, pending, 'unit.sos', unitId, viewer);
      return (await this.units.find(unitId, trx))!;
    });
    return unit;
  }

  /** Records who saw a unit's SOS, once per emergency; also run when its SOS alert is acknowledged. */
  async markSosSeenIn(trx: Transaction<Database>, pending: PendingEvents, unitId: string, viewer: UserRow): Promise<void> {
    const unit = await this.units.find(unitId, trx);
    if (!unit || unit.emergency_since === null || unit.emergency_seen_at !== null) return;
    const now = this.clock.now();
    const changes = { emergency_seen_by: viewer.full_name, emergency_seen_at: now, updated_at: now };
    await this.units.update(trx, unitId, changes);
    pending.add(unitEvents.updated({ ...unit, ...changes }));
  }

  private async act(viewer: UserRow, unitId: string, clientId: string, kind: string, decide: Decide): Promise<UnitWithMembers> {
    const unit = await this.events.transaction(this.units, (trx, pending) =>
      this.actIn(trx, pending, viewer, unitId, clientId, kind, decide),
    );
    return unit;
  }

  /** One field action inside a transaction: one read, the clientId claim, one write; the answer is built from what was read. */
  private async actIn(
    trx: Transaction<Database>,
    pending: PendingEvents,
    viewer: UserRow,
    unitId: string,
    clientId: string,
    kind: string,
    decide: Decide,
  ): Promise<UnitWithMembers> {
    const now = this.clock.now();
    const current = await this.units.find(unitId, trx);
    if (!current) throw new AppError('not_found', 'No such unit.');
    if (!actsForUnit(viewer, current.members)) throw new AppError('forbidden', 'This is not your unit.');
    const claim = await this.units.claim(trx, { client_id: clientId, user_id: viewer.id, kind, target_id: unitId, created_at: now });
    if (!claim.fresh) {
      if (claim.earlier.kind !== kind || claim.earlier.target_id !== unitId || claim.earlier.user_id !== viewer.id) {
        throw new AppError('conflict', 'This clientId was already used for a different action.');
      }
      pending.ensurePublished(clientActionKey(clientId));
      return current;
    }
    const announced = pending.keyed(clientActionKey(clientId));
    const change = await decide(current, now, trx, announced);
    if (!change) return current;
    const changes = { ...change.changes, updated_at: now };
    await this.units.update(trx, unitId, changes);
    const next = { ...current, ...changes };
    announced.add(change.announce(next));
    return next;
  }

  private async callsignTaken(callsign: string): Promise<boolean> {
    return (await this.units.list()).some((unit) => unit.callsign === callsign);
  }
}
