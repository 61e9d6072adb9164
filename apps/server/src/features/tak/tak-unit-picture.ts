import type { Unit } from '@argus/contracts/http/units';
import type { Clock } from '../../lib/clock';
import { presentUnit } from '../units/units.presenter';
import type { UnitsRepository } from '../units/units.repository';
import { unitEmergency, unitEmergencyCancel, unitSa } from './cot-writing';
import type { TakPicture } from './tak-picture';
import type { TakService } from './tak.service';

/** Sends to every open device that may see it. */
type Broadcast = (xml: string, sees: (connectionId: number) => boolean) => void;

/**
 * Argus's units and their emergencies on the devices, each as its user may see the unit
 * (docs/decisions/0067-tak-geochat-filtering-and-alerts.md). A unit a device speaks for is that
 * device's own SA, not Argus's.
 */
export class TakUnitPicture {
  private readonly emergencies = new Map<string, Unit>();

  constructor(
    private readonly tak: Pick<TakService, 'isBound'>,
    private readonly units: UnitsRepository,
    private readonly picture: Pick<TakPicture, 'seesUnit'>,
    private readonly clock: Clock,
    private readonly broadcast: Broadcast,
  ) {}

  /** The emergencies active when the endpoint opens. */
  async load(): Promise<void> {
    for (const row of await this.units.list({ emergency: true })) this.emergencies.set(row.id, presentUnit(row));
  }

  /** What a device is sent first: the units' positions and the active emergencies it may see. */
  async greeting(connectionId: number): Promise<(string | null)[]> {
    const now = this.clock.now();
    const sees = (unitId: string) => this.picture.seesUnit(connectionId, unitId);
    const units = await this.units.list();
    return [
      ...units.filter((unit) => !this.tak.isBound(unit.id) && sees(unit.id)).map((unit) => unitSa(presentUnit(unit), now)),
      ...[...this.emergencies.values()].filter((unit) => sees(unit.id)).map((unit) => unitEmergency(unit, now)),
    ];
  }

  unitChanged(unit: Unit): void {
    const now = this.clock.now();
    const wasInEmergency = this.emergencies.has(unit.id);
    if (unit.emergency) this.emergencies.set(unit.id, unit);
    else this.emergencies.delete(unit.id);
    const sees = (id: number) => this.picture.seesUnit(id, unit.id);
    if (!this.tak.isBound(unit.id)) {
      const sa = unitSa(unit, now);
      if (sa) this.broadcast(sa, sees);
    }
    if (unit.emergency && !wasInEmergency) {
      const alert = unitEmergency(unit, now);
      if (alert) this.broadcast(alert, sees);
    }
    if (!unit.emergency && wasInEmergency) this.broadcast(unitEmergencyCancel(unit, now), sees);
  }

  /** Active emergencies again, so a device that missed or cleared one still shows it. */
  repeatEmergencies(): void {
    const now = this.clock.now();
    for (const unit of this.emergencies.values()) {
      const alert = unitEmergency(unit, now);
      if (alert) this.broadcast(alert, (id) => this.picture.seesUnit(id, unit.id));
    }
  }
}
