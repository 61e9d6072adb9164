import type { Incident } from '@argus/contracts/http/incidents';
import type { Zone } from '@argus/contracts/http/zones';
import { OPEN_INCIDENT_STATUSES, isOpenIncident } from '@argus/contracts/incidents';
import { OPERATIONS_AND_FIELD_ROLES } from '@argus/contracts/policies/visibility';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import type { Clock } from '../../lib/clock';
import { channelAccess, type FieldScope, type Viewer } from '../../realtime/channel-access';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import { presentIncident } from '../incidents/incidents.presenter';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { UsersRepository } from '../users/users.repository';
import { presentZone } from '../zones/zones.presenter';
import type { ZonesRepository } from '../zones/zones.repository';
import { incidentCotUid, incidentMarker, removal, zoneCotUids, zoneDrawings } from './cot-picture-writing';
import type { DeviceIdentity } from './tak-certificates.service';

/** Open incidents read for one device's picture; far above any real operation's count. */
const MAX_OPEN_INCIDENTS = 5_000;

/**
 * Whom a device's picture is for. A device with a certificate sees what its user sees, by the very
 * rules the web app and the field phone meet (realtime/channel-access.ts, policies/visibility.ts);
 * a plain-TCP device, whose uid is only its word, gets the operations picture, as it already gets
 * every unit and contact (docs/decisions/0061-tak-cot-endpoint-first-slice.md, "Incidents and zones out").
 */
type Audience = { kind: 'lan' } | { kind: 'user'; viewer: Viewer | null; scope: FieldScope };

const NOBODY: Audience = { kind: 'user', viewer: null, scope: { unitIds: new Set(), incidentIds: new Set() } };

interface Picture {
  audience: Audience;
  /** What was sent, by Argus item ("incident:<id>", "zone:<id>"), with the CoT uids it went as. */
  sent: Map<string, string[]>;
}

/** What a picture is read from. */
export interface PictureSources {
  incidents: IncidentsRepository;
  zones: ZonesRepository;
  fieldScope: FieldScopeRepository;
  users: UsersRepository;
  /** Zones a TAK device drew: devices are sent its drawing, not Argus's (docs/decisions/0068-tak-items-from-devices.md). */
  drawnOnTak?: (zoneId: string) => boolean;
}

/** Where the picture goes: one connection of the CoT endpoint. */
export type PictureSend = (connectionId: number, xml: string) => void;

/**
 * Argus's incidents and zones on each connected TAK device: what the device may see is sent when
 * it connects and whenever it changes, and taken off again (TAK's delete task) once it closes, is
 * deactivated, or leaves what the device may see.
 */
export class TakPicture {
  private readonly pictures = new Map<number, Picture>();

  constructor(
    private readonly sources: PictureSources,
    private readonly clock: Clock,
    private readonly send: PictureSend,
  ) {}

  /**
   * A device connected: whom it is for is decided before anything is sent to it. Kept from the
   * start, so a device that leaves while its user is read is forgotten with it; until then a
   * certified device sees nothing.
   */
  async admit(connectionId: number, device: DeviceIdentity | null): Promise<void> {
    const picture: Picture = { audience: device ? NOBODY : { kind: 'lan' }, sent: new Map() };
    this.pictures.set(connectionId, picture);
    if (device) picture.audience = await this.audienceOf(device.userId);
  }

  /** Sends an admitted device the incidents and zones it may see. */
  async join(connectionId: number): Promise<void> {
    const [incidents, zones] = await Promise.all([this.openIncidents(), this.sources.zones.list({ active: true })]);
    const picture = this.pictures.get(connectionId);
    if (!picture) return;
    for (const incident of incidents) this.showIncident(connectionId, picture, incident);
    for (const zone of zones) this.showZone(connectionId, picture, presentZone(zone, { seesNotes: false }));
  }

  /**
   * Whether a device may see a unit (its SA, its emergency): as its user may hear the unit's
   * channel, the rule `GET /units` and the phone meet; plain TCP sees every unit (decision 0061).
   */
  seesUnit(connectionId: number, unitId: string): boolean {
    return this.allows(connectionId, channels.unit(unitId));
  }

  /** A TAK contact: a bound one as its unit, an unbound one as its user may read TAK contacts (policies/tak.ts). */
  seesContact(connectionId: number, unitId: string | null): boolean {
    return unitId ? this.seesUnit(connectionId, unitId) : this.allows(connectionId, 'tak');
  }

  /** An alert: as its user may hear "alerts" (operations), a public one also "public-alerts". */
  seesAlert(connectionId: number, alert: { public: boolean }): boolean {
    return this.allows(connectionId, 'alerts') || (alert.public && this.allows(connectionId, 'public-alerts'));
  }

  /** Whether a device's user may hear a realtime channel, by channel-access.ts; plain TCP hears every one. */
  private allows(connectionId: number, channel: Channel): boolean {
    const audience = this.pictures.get(connectionId)?.audience;
    if (!audience) return false;
    if (audience.kind === 'lan') return true;
    return audience.viewer !== null && channelAccess(audience.viewer, channel, audience.scope).allowed;
  }

  leave(connectionId: number): void {
    this.pictures.delete(connectionId);
  }

  incidentChanged(incident: Incident): void {
    for (const [connectionId, picture] of this.pictures) this.showIncident(connectionId, picture, incident);
  }

  zoneChanged(zone: Zone): void {
    for (const [connectionId, picture] of this.pictures) this.showZone(connectionId, picture, zone);
  }

  /**
   * A unit's assignments changed: the devices whose users crew it may now see more incidents or
   * fewer, so their scope is read again and their incidents brought up to date.
   */
  async assignmentsChanged(unitId: string): Promise<void> {
    const affected = [...this.pictures].filter(
      ([, picture]) => picture.audience.kind === 'user' && picture.audience.scope.unitIds.has(unitId),
    );
    if (affected.length === 0) return;
    const incidents = await this.openIncidents();
    for (const [connectionId, picture] of affected) {
      if (picture.audience.kind !== 'user' || !picture.audience.viewer) continue;
      picture.audience = await this.audienceOf(picture.audience.viewer.id);
      const open = new Set(incidents.map((incident) => incident.id));
      for (const incident of incidents) this.showIncident(connectionId, picture, incident);
      for (const key of [...picture.sent.keys()])
        if (key.startsWith('incident:') && !open.has(key.slice('incident:'.length))) this.take(connectionId, picture, key);
    }
  }

  private async audienceOf(userId: string): Promise<Audience> {
    const [user, scope] = await Promise.all([this.sources.users.findById(userId), this.sources.fieldScope.forUser(userId)]);
    return { kind: 'user', viewer: user?.is_active ? { id: user.id, role: user.role } : null, scope };
  }

  private async openIncidents(): Promise<Incident[]> {
    const rows = await this.sources.incidents.list({ statuses: [...OPEN_INCIDENT_STATUSES], limit: MAX_OPEN_INCIDENTS });
    return rows.map(presentIncident);
  }

  private seesIncident(audience: Audience, incident: Incident): boolean {
    if (audience.kind === 'lan') return true;
    return audience.viewer !== null && channelAccess(audience.viewer, channels.incident(incident.id), audience.scope).allowed;
  }

  private seesZones(audience: Audience): boolean {
    if (audience.kind === 'lan') return true;
    return audience.viewer !== null && (OPERATIONS_AND_FIELD_ROLES as readonly string[]).includes(audience.viewer.role);
  }

  private showIncident(connectionId: number, picture: Picture, incident: Incident): void {
    const key = `incident:${incident.id}`;
    if (!isOpenIncident(incident.status) || !this.seesIncident(picture.audience, incident)) return this.take(connectionId, picture, key);
    this.send(connectionId, incidentMarker(incident, this.clock.now()));
    picture.sent.set(key, [incidentCotUid(incident.id)]);
  }

  private showZone(connectionId: number, picture: Picture, zone: Zone): void {
    const key = `zone:${zone.id}`;
    if (this.sources.drawnOnTak?.(zone.id)) return;
    if (!zone.active || !this.seesZones(picture.audience)) return this.take(connectionId, picture, key);
    const now = this.clock.now();
    for (const xml of zoneDrawings(zone, now)) this.send(connectionId, xml);
    const uids = zoneCotUids(zone);
    // A MultiPolygon that lost parts: the drawings of the parts gone are taken off.
    for (const uid of picture.sent.get(key) ?? []) if (!uids.includes(uid)) this.send(connectionId, removal(uid, now));
    picture.sent.set(key, uids);
  }

  /** Takes an item off a device, if it was ever sent there: a device never hears of what it may not see. */
  private take(connectionId: number, picture: Picture, key: string): void {
    const uids = picture.sent.get(key);
    if (!uids) return;
    picture.sent.delete(key);
    const now = this.clock.now();
    for (const uid of uids) this.send(connectionId, removal(uid, now));
  }
}
