import type { TakPoint } from '@argus/contracts/http/tak-points';
import { mayReadTakContacts } from '@argus/contracts/policies/tak';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { OperationalEvent } from '../../realtime/events';
import type { CotItem } from './cot-items-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import { presentTakPoint } from './tak-points.presenter';
import type { TakPointRow, TakPointsRepository } from './tak-points.repository';
import type { Placer } from './tak-relay';
import type { TakService } from './tak.service';

type Marker = Extract<CotItem, { kind: 'marker' }>;
type Removal = Extract<CotItem, { kind: 'removal' }>;

/**
 * How many points one device keeps on the map at once: a device sending marker after marker with
 * new uids would otherwise bury command's map. Markers past it are relayed to devices, not kept.
 */
export const TAK_POINTS_PER_DEVICE = 100;

/**
 * What became of a marker or its deletion, for the endpoint's log and for where it is relayed
 * (tak-relay.ts): a change to a kept point with who placed it, a refused one marked so.
 */
export type PointLanding = { landed: true; pointUid: string; placer: Placer } | { landed: false; reason: string; refused?: true };

/** Points announced on "tak", which those who may read TAK contacts hear (policies/tak.ts). */
export const takPointEvents = {
  updated: (point: TakPoint): OperationalEvent => ({ type: 'tak-point.updated', channels: ['tak'], data: point }),
  removed: (uid: string): OperationalEvent => ({ type: 'tak-point.removed', channels: ['tak'], data: { uid } }),
};

/**
 * Points TAK devices put on the common map (`b-m-p-*`), kept for command's map
 * (docs/decisions/0072-tak-map-points.md). The same uid again moves, renames or recolours the
 * point; TAK's delete task removes it; it leaves the map when the device said it goes stale. Only
 * the device that placed a point changes it, or a device whose user is command (the readers of TAK
 * contacts); one placed with a certificate is never changed over plain TCP.
 */
export class TakPointsService {
  constructor(
    private readonly points: TakPointsRepository,
    private readonly tak: TakService,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  /** The points not stale now, oldest first. */
  async list(): Promise<TakPoint[]> {
    return (await this.points.current(this.clock.now())).map(presentTakPoint);
  }

  /** Each current point's latest event with the device that placed it, for a device that connects. */
  async latestEvents(): Promise<{ xml: string; placer: Placer }[]> {
    const rows = await this.points.latestEvents(this.clock.now());
    return rows.map((row) => ({ xml: row.last_event, placer: { uid: row.placer_uid, unitId: row.placer_unit_id } }));
  }

  async marker(marker: Marker, device: DeviceIdentity | null): Promise<PointLanding> {
    if (!marker.location) return { landed: false, reason: marker.problem ?? 'no place' };
    const now = this.clock.now();
    await this.points.removeStale(now);
    // A certified device places as itself, whatever the event says; on plain TCP the event must say.
    const placer = device?.deviceUid ?? marker.authorUid;
    const kept = await this.points.find(marker.uid);
    if (!placer)
      return { landed: false, reason: 'the event does not say which device placed the marker', ...(kept && { refused: true as const }) };
    if (kept) {
      const refused = await this.refusal(kept, placer, device);
      if (refused) return { landed: false, reason: refused, refused: true };
    }
    if (!Number.isFinite(marker.staleAt) || marker.staleAt <= now) {
      if (kept) await this.remove(kept.uid);
      return { landed: false, reason: 'a marker already stale' };
    }
    const placement = kept
      ? { placer_uid: kept.placer_uid, placer_user_id: kept.placer_user_id, placer_unit_id: kept.placer_unit_id, certified: kept.certified }
      : await this.placementBy(placer, device);
    const row: TakPointRow = {
      uid: marker.uid,
      cot_type: marker.type.slice(0, 60),
      callsign: (marker.callsign || marker.uid).slice(0, 200),
      remarks: marker.remarks.slice(0, 2_000),
      lat: marker.location.lat,
      lon: marker.location.lon,
      colour_argb: marker.colourArgb,
      iconset_path: marker.iconsetPath,
      ...placement,
      last_event: marker.xml,
      placed_at: kept?.placed_at ?? now,
      updated_at: now,
      stale_at: marker.staleAt,
    };
    // The cap is counted where the point is written, under the placer's lock: markers of one placer
    // over two connections at once never keep more than it (docs/decisions/0072-tak-map-points.md).
    const saved = await this.events.transaction(this.points, async (trx, pending) => {
      await this.points.lockPlacer(trx, row.placer_uid);
      if (!kept && (await this.points.countCurrent(trx, row.placer_uid, now)) >= TAK_POINTS_PER_DEVICE) return false;
      await this.points.save(trx, row);
      const view = await this.points.findView(row.uid, trx);
      if (view) pending.add(takPointEvents.updated(presentTakPoint(view)));
      return true;
    });
    if (!saved)
      return {
        landed: false,
        reason: `${placer} keeps ${TAK_POINTS_PER_DEVICE} points on the map already; delete one or let it go stale first`,
      };
    return { landed: true, pointUid: row.uid, placer: { uid: row.placer_uid, unitId: row.placer_unit_id } };
  }

  /** TAK's delete task for a kept point; null when the uid is not a point Argus keeps. */
  async removal(deletion: Removal, device: DeviceIdentity | null): Promise<PointLanding | null> {
    const kept = await this.points.find(deletion.targetUid);
    if (!kept) return null;
    const sender = device?.deviceUid ?? deletion.senderUid;
    if (!sender) return { landed: false, reason: 'the event does not say which device deleted the marker', refused: true };
    const refused = await this.refusal(kept, sender, device);
    if (refused) return { landed: false, reason: refused, refused: true };
    await this.remove(kept.uid);
    return { landed: true, pointUid: kept.uid, placer: { uid: kept.placer_uid, unitId: kept.placer_unit_id } };
  }

  private async remove(uid: string): Promise<void> {
    await this.events.transaction(this.points, async (trx, pending) => {
      await this.points.remove(trx, uid);
      pending.add(takPointEvents.removed(uid));
    });
  }

  /** Why `sender` may not change a kept point, or null. */
  private async refusal(kept: TakPointRow, sender: string, device: DeviceIdentity | null): Promise<string | null> {
    if (kept.certified === 1 && !device) return `${kept.uid} was placed by a device with a certificate; plain TCP does not change it`;
    if (kept.placer_uid === sender) return null;
    if (device) {
      const bound = await this.tak.boundActor(sender, device);
      if (!('reason' in bound) && mayReadTakContacts(bound.actor.role)) return null;
    }
    return `${kept.uid} was placed by ${kept.placer_uid}; only that device or a command device changes it`;
  }

  /** Who places a new point: a certificate's user and unit, or on plain TCP the unit the placer is bound to. */
  private async placementBy(
    placer: string,
    device: DeviceIdentity | null,
  ): Promise<Pick<TakPointRow, 'placer_uid' | 'placer_user_id' | 'placer_unit_id' | 'certified'>> {
    if (device) return { placer_uid: placer, placer_user_id: device.userId, placer_unit_id: device.unitId, certified: 1 };
    const bound = await this.tak.boundActor(placer, null);
    return 'reason' in bound
      ? { placer_uid: placer, placer_user_id: null, placer_unit_id: this.tak.unitOf(placer), certified: 0 }
      : { placer_uid: placer, placer_user_id: bound.actor.id, placer_unit_id: bound.unitId, certified: 0 };
  }
}
