import { randomUUID } from 'node:crypto';
import { SENT_OFFLINE_AREAS_PER_UNIT, type SendOfflineAreaRequest } from '@argus/contracts/http/offline-areas';
import { actsForUnit, seesEveryRow } from '@argus/contracts/policies/visibility';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { BasemapsRepository } from '../basemaps/basemaps.repository';
import type { UnitsRepository } from '../units/units.repository';
import type { UserRow } from '../users/users.repository';
import { offlineAreaEvents } from './offline-areas.events';
import type { OfflineAreasRepository, SentOfflineAreaRow } from './offline-areas.repository';

/**
 * Map areas command sends to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md).
 * The server keeps what was asked; the phone saves the tiles when it has a connection.
 */
export class OfflineAreasService {
  constructor(
    private readonly areas: OfflineAreasRepository,
    private readonly units: UnitsRepository,
    private readonly basemaps: BasemapsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  /** Operations staff read every unit's areas; a crew member only their own unit's. */
  async list(viewer: UserRow, unitId: string): Promise<SentOfflineAreaRow[]> {
    const unit = await this.units.find(unitId);
    if (!unit || !(seesEveryRow(viewer.role) || unit.members.includes(viewer.id))) throw new AppError('not_found', 'No such unit.');
    return this.areas.listForUnit(unitId);
  }

  async send(actor: UserRow, unitId: string, request: SendOfflineAreaRequest, context: AuditContext): Promise<SentOfflineAreaRow> {
    await this.unitFor(actor, unitId);
    if (!(await this.basemaps.find(request.basemapId))) throw new AppError('validation_failed', 'No such street map: choose another.');
    const [west, south, east, north] = request.box;
    const sent = await this.events.transaction(this.areas, async (trx, pending) => {
      // Counted under the unit row's lock, so two senders at once cannot pass the limit together.
      await this.areas.lockUnit(trx, unitId);
      if ((await this.areas.listForUnit(unitId, trx)).length >= SENT_OFFLINE_AREAS_PER_UNIT) {
        throw new AppError(
          'conflict',
          `This unit already has ${SENT_OFFLINE_AREAS_PER_UNIT} map areas sent to its phone. Withdraw one before sending another.`,
        );
      }
      const row = {
        id: randomUUID(),
        unit_id: unitId,
        basemap_id: request.basemapId,
        label: request.label,
        west,
        south,
        east,
        north,
        sent_by: actor.id,
        sent_at: this.clock.now(),
      };
      await this.areas.insert(trx, row);
      const sent = { ...row, sent_by_name: actor.full_name };
      pending.add(offlineAreaEvents.sent(sent));
      return sent;
    });
    await this.audit.append(context, 'offline_area.send', unitId, {
      area: sent.id,
      label: sent.label,
      basemap: sent.basemap_id,
      box: request.box,
    });
    return sent;
  }

  async withdraw(actor: UserRow, unitId: string, areaId: string, context: AuditContext): Promise<void> {
    await this.unitFor(actor, unitId);
    const gone = await this.events.transaction(this.areas, async (trx, pending) => {
      const gone = await this.areas.delete(trx, unitId, areaId);
      if (gone) pending.add(offlineAreaEvents.withdrawn(gone));
      return gone;
    });
    if (!gone) throw new AppError('not_found', 'This unit has no such map area.');
    await this.audit.append(context, 'offline_area.withdraw', unitId, { area: gone.id, label: gone.label });
  }

  private async unitFor(viewer: UserRow, unitId: string) {
    const unit = await this.units.find(unitId);
    if (!unit || !actsForUnit(viewer, unit.members)) throw new AppError('not_found', 'No such unit.');
    return unit;
  }
}
