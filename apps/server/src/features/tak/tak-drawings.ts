import { randomUUID } from 'node:crypto';
import { CreateZoneRequest, type Zone } from '@argus/contracts/http/zones';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { RulesService } from '../rules/rules.service';
import type { UserRow } from '../users/users.repository';
import { editsZones, type ZonesService } from '../zones/zones.service';
import type { CotItem } from './cot-items-reading';
import { removal } from './cot-picture-writing';
import type { DeviceIdentity } from './tak-certificates.service';
import { administrativeRefusal } from './tak-device-assurance';
import type { TakItemsRepository } from './tak-items.repository';
import type { TakService } from './tak.service';

type Drawing = Extract<CotItem, { kind: 'drawing' }>;
type Removal = Extract<CotItem, { kind: 'removal' }>;

/** What became of a drawing or a deletion, for the endpoint's log. */
export type ItemLanding = { landed: true; zoneId: string } | { landed: false; reason: string };

/**
 * Drawings from TAK devices as Argus zones (docs/decisions/0068-tak-items-from-devices.md).
 * The device acts as the user it speaks for (its certificate's, or the bound unit's crew member on
 * plain TCP), and only a user whom the zones policy lets edit zones draws one. A drawing flagged
 * `__geofence` becomes a zone the geofence rule watches; the same uid again updates the zone, and
 * TAK's delete task deactivates it. The device's own event, not Argus's rendering, is what other
 * devices see, so Argus does not send these zones back out as its own drawings.
 */
export class TakDrawings {
  private zoneIds = new Set<string>();
  /**
   * Zones this process is creating from a drawing, announced before their tak_items row is saved,
   * each with the landing's end.
   */
  private landing = new Map<string, Promise<void>>();

  constructor(
    private readonly items: TakItemsRepository,
    private readonly tak: TakService,
    private readonly zones: ZonesService,
    private readonly rules: RulesService,
    private readonly clock: Clock,
    private readonly mfa: MfaPolicy,
  ) {}

  /**
   * Reads which zones devices drew from `tak_items`, the record every server process shares: the
   * endpoint asks when it starts and before it greets a device, so a drawing taken in by another
   * process is known here too.
   */
  async load(): Promise<void> {
    this.zoneIds = new Set([...(await this.items.zoneIds()), ...this.landing.keys()]);
  }

  /** Asks `tak_items` again about one zone whose change just arrived, before the picture is sent it. */
  async refresh(zoneId: string): Promise<void> {
    // A zone announced while its drawing is still being saved here is drawn, whatever the row says yet.
    if (this.landing.has(zoneId) || (await this.items.findByZone(zoneId))) this.zoneIds.add(zoneId);
    else this.zoneIds.delete(zoneId);
  }

  /** Whether a TAK device drew this zone, as last read (`load`, `refresh`): its drawing, not Argus's, is what devices are sent. */
  drewZone(zoneId: string): boolean {
    return this.zoneIds.has(zoneId);
  }

  /** Every kept drawing as its device last sent it, for a device that connects. */
  latestEvents(): Promise<string[]> {
    return this.items.latestEvents();
  }

  async drawing(drawing: Drawing, device: DeviceIdentity | null): Promise<ItemLanding> {
    if (!drawing.geometry) return { landed: false, reason: drawing.problem ?? 'no shape' };
    const actor = await this.actor(drawing.authorUid, device, 'drew it');
    if ('reason' in actor) return actor;
    const { kind, riskLevel } = await this.classify(drawing);
    const request = CreateZoneRequest.safeParse({
      name: drawing.name || `TAK drawing ${drawing.uid}`.slice(0, 200),
      kind,
      riskLevel,
      geometry: drawing.geometry,
      notes: notesOf(drawing),
    });
    if (!request.success) return { landed: false, reason: request.error.issues[0]?.message ?? 'not a zone' };
    const kept = await this.items.find(drawing.uid);
    let zoneId = kept?.zone_id ?? null;
    let landed = () => {};
    try {
      if (zoneId) await this.zones.update(actor.user, zoneId, { ...request.data, active: true });
      else {
        // Known as drawn before the zone is announced, so Argus never sends it back as its own.
        zoneId = randomUUID();
        this.landing.set(zoneId, new Promise<void>((resolve) => (landed = resolve)));
        this.zoneIds.add(zoneId);
        await this.zones.create(actor.user, request.data, zoneId);
      }
      await this.items.save({
        uid: drawing.uid,
        kind: 'drawing',
        zone_id: zoneId,
        camera_id: null,
        last_event: drawing.xml,
        updated_at: this.clock.now(),
      });
      return { landed: true, zoneId };
    } catch (error) {
      // The zones service's refusal (a self-intersecting shape, too many vertices) is about this drawing alone.
      if (error instanceof AppError) return { landed: false, reason: error.message };
      throw error;
    } finally {
      if (zoneId) this.landing.delete(zoneId);
      landed();
    }
  }

  /** TAK's delete task for a kept drawing: its zone is deactivated (zones are never deleted). */
  async removal(deletion: Removal, device: DeviceIdentity | null): Promise<ItemLanding> {
    const kept = await this.items.find(deletion.targetUid);
    if (!kept?.zone_id) return { landed: false, reason: 'not a drawing Argus keeps' };
    const actor = await this.actor(deletion.senderUid, device, 'deleted it');
    if ('reason' in actor) return actor;
    await this.zones.update(actor.user, kept.zone_id, { active: false });
    await this.items.remove(kept.uid);
    return { landed: true, zoneId: kept.zone_id };
  }

  /** A drawn zone deactivated in Argus is taken off the devices: the delete task for its drawing. */
  async zoneChanged(zone: Zone): Promise<string | null> {
    // Asked of tak_items, not of what this process remembers: the drawing may have landed in another.
    if (zone.active) return null;
    // Deactivated as soon as it was announced: its drawing's row is still being saved here.
    await this.landing.get(zone.id);
    const kept = await this.items.findByZone(zone.id);
    if (!kept) return null;
    await this.items.remove(kept.uid);
    return removal(kept.uid, this.clock.now());
  }

  private async actor(
    uid: string | null,
    device: DeviceIdentity | null,
    what: string,
  ): Promise<{ user: UserRow } | { landed: false; reason: string }> {
    if (!device && !uid) return { landed: false, reason: `the event does not say which device ${what}` };
    const bound = await this.tak.boundActor(uid ?? '', device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    if (!editsZones(bound.actor)) return { landed: false, reason: `${bound.actor.email} may not edit zones (${bound.actor.role})` };
    const refused = administrativeRefusal(this.mfa, bound.actor, device);
    if (refused) return { landed: false, reason: refused };
    return { user: bound.actor };
  }

  /**
   * A geofence is a restricted zone at the risk the geofence rule watches from, so the rule alerts
   * when a unit enters; any other drawing is a low-risk patrol area, shown and not alerted on
   * unless command's rule watches every risk.
   */
  private async classify(drawing: Drawing): Promise<{ kind: ZoneKind; riskLevel: RiskLevel }> {
    if (!drawing.geofence) return { kind: 'patrol', riskLevel: 'low' };
    const rule = (await this.rules.list()).find((row) => row.id === 'zone.geofence');
    const minRisk = rule ? (JSON.parse(rule.params) as { minRisk?: RiskLevel }).minRisk : undefined;
    return { kind: 'restricted', riskLevel: minRisk ?? 'high' };
  }
}

function notesOf(drawing: Drawing): string {
  const from = `Drawn on a TAK device (CoT ${drawing.type}, uid ${drawing.uid}).`;
  // Argus's geofence rule alerts on entry and resolves or notes the exit, whatever ATAK's trigger said.
  return drawing.geofence ? `${from} ATAK geofence, trigger ${drawing.geofence}; watched by Argus's geofence rule.` : from;
}
