import { randomUUID } from 'node:crypto';
import type { BindTakContactRequest, TakContact } from '@argus/contracts/http/tak';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { UnitsRepository } from '../units/units.repository';
import type { UnitsService } from '../units/units.service';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { CotMessage } from './cot-reading';
import { ARGUS_UID_PREFIX } from './cot-writing';
import { CertifiedUids } from './tak-certified-uids';
import type { DeviceIdentity } from './tak-certificates.service';
import type { TakContactAnnouncer } from './tak-contact.events';
import type { SavedPositions } from './tak-latest-sa-writer';
import { presentTakContact } from './tak.presenter';
import type { TakContactView, TakRepository } from './tak.repository';

type Sa = Extract<CotMessage, { kind: 'sa' }>;

/** What became of an event from a device, for the endpoint's log. */
export type Landing = { landed: true; unitId: string } | { landed: false; reason: string };

/** The uid an event acts in the name of (the one `boundActor` resolves on plain TCP), when it names one. */
function actingUid(message: CotMessage): string | null {
  switch (message.kind) {
    case 'sa':
      return message.uid;
    case 'chat':
    case 'emergency':
    case 'emergency-cancel':
    case 'removal':
      return message.senderUid;
    case 'drawing':
    case 'video':
    case 'incident-report':
    case 'marker':
      return message.authorUid;
    default:
      return null;
  }
}

/**
 * TAK contacts and what their events do in Argus (docs/decisions/0061-tak-cot-endpoint-first-slice.md).
 * A contact bound to a unit acts through the very services the field phone uses — positions, the
 * unit's conversation, SOS — in the name of one of the unit's crew, so every check, event and rule
 * the phone's actions meet, these meet too. An unbound contact is recorded and shown, nothing more.
 */
export class TakService {
  /** Units a device speaks for: their SA comes from the device, so Argus does not send its own. */
  private bound = new Set<string>();
  /** Read every few seconds, not per PLI (tak-certified-uids.ts). */
  private readonly certifiedUids = new CertifiedUids(
    (now) => this.repository.certifiedUids(now),
    () => this.clock.now(),
  );
  /** The unit each bound contact speaks for, by uid: whom its SA and alerts may reach. */
  private unitByUid = new Map<string, string>();

  constructor(
    private readonly repository: TakRepository,
    private readonly units: UnitsService,
    private readonly unitsRepository: UnitsRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly announcer: TakContactAnnouncer,
  ) {}

  async contacts(): Promise<TakContact[]> {
    return (await this.repository.list()).map(presentTakContact);
  }

  /** Binds a contact to a unit (or unbinds it with null); each unit is one device's. */
  async bind(uid: string, request: BindTakContactRequest, context: AuditContext): Promise<TakContact> {
    const contact = await this.repository.find(uid);
    const gone = () => new AppError('not_found', 'No TAK contact with this uid has connected.');
    if (!contact) throw gone();
    if (request.unitId !== null) {
      const unit = await this.unitsRepository.find(request.unitId);
      if (!unit) throw new AppError('not_found', 'No such unit.');
      if (unit.members.length === 0)
        throw new AppError(
          'conflict',
          `${unit.callsign} has no crew: a TAK device acts in its crew’s name, so give it a crew member first.`,
        );
      const holder = await this.repository.findByUnit(unit.id);
      if (holder && holder.uid !== uid)
        throw new AppError(
          'conflict',
          `${unit.callsign} is already bound to TAK contact ${holder.callsign} (${holder.uid}); unbind it first.`,
        );
    }
    if (contact.unit_id === request.unitId) return presentTakContact(contact);
    try {
      // Forgotten by retention between the read above and this write: nothing was bound.
      if (!(await this.repository.bind(uid, request.unitId))) throw gone();
    } catch (error) {
      // Another binding of the same unit landed between the check above and this write.
      if (!isUniqueViolation(error)) throw error;
      throw new AppError('conflict', 'That unit was bound to another TAK contact a moment ago; reload and try again.');
    }
    await this.audit.append(context, request.unitId ? 'tak_contact.bind' : 'tak_contact.unbind', uid, {
      callsign: contact.callsign,
      unitId: request.unitId,
      previousUnitId: contact.unit_id,
    });
    await this.loadBindings();
    const stored = await this.repository.find(uid);
    if (!stored) throw gone();
    const changed = presentTakContact(stored);
    this.announcer.changed(changed);
    return changed;
  }

  /** Stops announcing (the server is closing). */
  close(): void {
    this.announcer.close();
  }

  async loadBindings(): Promise<void> {
    const bindings = await this.repository.bindings();
    this.bound = new Set(bindings.map((binding) => binding.unitId));
    this.unitByUid = new Map(bindings.map((binding) => [binding.uid, binding.unitId]));
  }

  /** The unit a contact is bound to, if any. */
  unitOf(uid: string): string | null {
    return this.unitByUid.get(uid) ?? null;
  }

  isBound(unitId: string): boolean {
    return this.bound.has(unitId);
  }

  /** Every contact's latest SA, with the unit it speaks for: a device sees it as it may see that unit. */
  latestSa(): Promise<{ xml: string; unitId: string | null }[]> {
    return this.repository.latestSaWithUnits();
  }

  /**
   * Why an event is not accepted, or null (docs/decisions/0062-tak-tls-enrolment-and-revocation.md).
   * No device speaks as one of Argus's own units, nor sends a position for a uid another device
   * holds a certificate for. A device with a certificate also speaks only in its own uid and sends
   * no positions for another device bound to a unit. Markers of other uids pass. Over plain TCP,
   * nothing acts in the name of a certified uid, and no device deletes one of Argus's own items.
   */
  refusal(device: DeviceIdentity | null, message: CotMessage): string | null | Promise<string | null> {
    if (message.uid.startsWith(ARGUS_UID_PREFIX)) return `${message.uid} is one of Argus’s own uids`;
    // Argus takes its own items off the devices; no device deletes them from the others' maps.
    if (message.kind === 'removal' && message.targetUid.startsWith(ARGUS_UID_PREFIX))
      return `a deletion of ${message.targetUid}, one of Argus’s own items`;
    const positionFor = message.kind === 'sa' && message.uid !== device?.deviceUid ? message.uid : null;
    // Over plain TCP nobody proves who they are: nothing is done in a certified device's name.
    const actingFor = device ? null : actingUid(message);
    if (positionFor === null && actingFor === null) return this.certifiedDeviceRefusal(device, message);
    // Answered at once while the certified uids are fresh (tak-certified-uids.ts), as for nearly every event.
    const certified = this.certifiedUids.current();
    return certified instanceof Promise
      ? certified.then((uids) => this.refusalKnowing(uids, positionFor, actingFor, device, message))
      : this.refusalKnowing(certified, positionFor, actingFor, device, message);
  }

  private refusalKnowing(
    certified: ReadonlySet<string>,
    positionFor: string | null,
    actingFor: string | null,
    device: DeviceIdentity | null,
    message: CotMessage,
  ): string | null | Promise<string | null> {
    if (positionFor !== null && certified.has(positionFor)) return `a position for ${positionFor}, a device with a certificate of its own`;
    if (actingFor !== null && certified.has(actingFor))
      return `sent in the name of ${actingFor}, a device with a certificate of its own, without it`;
    return this.certifiedDeviceRefusal(device, message);
  }

  /** What a device with a certificate may not send: in another uid, or positions for a device bound to a unit. */
  private certifiedDeviceRefusal(device: DeviceIdentity | null, message: CotMessage): string | null | Promise<string | null> {
    if (!device) return null;
    switch (message.kind) {
      case 'chat':
      case 'chat-receipt':
      case 'emergency':
      case 'emergency-cancel':
        return message.senderUid === device.deviceUid
          ? null
          : `sent in the name of ${message.senderUid}, not this device’s ${device.deviceUid}`;
      case 'sa': {
        if (message.uid === device.deviceUid) return null;
        return this.repository
          .find(message.uid)
          .then((other) => (other?.unit_id ? `a position for ${message.uid}, a device bound to a unit` : null));
      }
      default:
        return null;
    }
  }

  /** A device's position: kept as the contact's latest SA, and moves its unit when bound (by its certificate, or an administrator). */
  async position(sa: Sa, device: DeviceIdentity | null = null): Promise<Landing> {
    return this.landSaved(sa, device, await this.repository.saveSa(this.contactRow(sa)));
  }

  /**
   * Many devices' latest positions saved in one commit, each then landed as `position` lands it
   * (the stream's writer, tak-latest-sa-writer.ts): a commit is an fsync, and one per uid held the
   * stream's reads up behind the disk.
   */
  /**
   * Saves the positions, then reads their contacts back in one query; what the result lands is
   * what `position` does once the row is saved. One read for the pass, not one per contact: the
   * tak-cot bench's profile had a query per landed position among the stream's larger costs.
   */
  async savePositions(sas: readonly Sa[]): Promise<SavedPositions> {
    await this.repository.saveSas(sas.map((sa) => this.contactRow(sa)));
    const contacts = new Map((await this.repository.findMany(sas.map((sa) => sa.uid))).map((contact) => [contact.uid, contact]));
    return {
      land: (sa, device) => {
        const contact = contacts.get(sa.uid);
        // Retention may have deleted the contact since its save: its next position makes it again.
        if (!contact) return Promise.resolve({ landed: false, reason: 'the contact was removed' });
        return this.landSaved(sa, device, contact);
      },
    };
  }

  private contactRow(sa: Sa) {
    return {
      uid: sa.uid,
      callsign: sa.callsign.slice(0, 100),
      cot_type: sa.type.slice(0, 60),
      lat: sa.lat,
      lon: sa.lon,
      battery: sa.battery === null ? null : Math.round(sa.battery),
      last_sa: sa.xml,
      last_seen: this.clock.now(),
    };
  }

  private async landSaved(sa: Sa, device: DeviceIdentity | null, saved: TakContactView): Promise<Landing> {
    const own = device !== null && sa.uid === device.deviceUid;
    let contact = saved;
    // A certificate claims its unit only while its user still crews it: a user moved to another
    // unit keeps no hold on the old one's binding.
    const certified = own ? await this.certifiedActor(device) : null;
    if (own && certified && contact.unit_id !== device.unitId) {
      // The certificate binds the device to its unit; a binding an administrator made of another
      // uid to that unit gives way to it.
      const displaced = await this.repository.findByUnit(device.unitId);
      await this.repository.claim(sa.uid, device.unitId);
      await this.loadBindings();
      // Command's maps and binding list hear both changes: the device now is its unit, and the
      // contact that held the unit is a contact of its own again.
      const displacedView = displaced ? await this.repository.find(displaced.uid) : undefined;
      if (displacedView) this.announcer.changed(presentTakContact(displacedView));
      contact = (await this.repository.find(sa.uid)) ?? contact;
      this.announcer.changed(presentTakContact(contact));
    } else {
      this.announcer.moved(presentTakContact(contact));
    }
    if (!contact.unit_id) return { landed: false, reason: 'unbound contact' };
    if (own && contact.unit_id !== device.unitId)
      return { landed: false, reason: 'the certificate’s user is no longer in the unit’s active crew' };
    const actor = own ? certified : await this.actorFor(contact.unit_id);
    if (!actor)
      return {
        landed: false,
        reason: own ? 'the certificate’s user is no longer in the unit’s active crew' : 'the bound unit has no active crew',
      };
    await this.units.setPosition(actor, contact.unit_id, {
      clientId: randomUUID(),
      location: { lat: sa.lat, lon: sa.lon },
      ...(sa.course !== null ? { heading: sa.course } : {}),
      ...(sa.speed !== null ? { speed: sa.speed } : {}),
      ...(Number.isFinite(sa.time) ? { at: Math.max(0, Math.round(sa.time)) } : {}),
    });
    return { landed: true, unitId: contact.unit_id };
  }

  /** ATAK's 911 alert: SOS on the bound unit, once; the device repeats it every few seconds. */
  async emergency(alert: Extract<CotMessage, { kind: 'emergency' }>, device: DeviceIdentity | null = null): Promise<Landing> {
    const bound = await this.boundActor(alert.senderUid, device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    const unit = await this.unitsRepository.find(bound.unitId);
    if (!unit || unit.emergency_since !== null) return { landed: true, unitId: bound.unitId };
    await this.units.raiseSos(bound.actor, bound.unitId, { clientId: randomUUID(), location: { lat: alert.lat, lon: alert.lon } });
    return { landed: true, unitId: bound.unitId };
  }

  /** The device cancelled its alert: cleared as command's clear does. */
  async cancelEmergency(cancel: Extract<CotMessage, { kind: 'emergency-cancel' }>, device: DeviceIdentity | null = null): Promise<Landing> {
    const bound = await this.boundActor(cancel.senderUid, device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    await this.units.clearSos(bound.unitId);
    return { landed: true, unitId: bound.unitId };
  }

  /** The unit and user a device's event acts for: its certificate's user, or the bound unit's crew member. */
  async boundActor(uid: string, device: DeviceIdentity | null): Promise<{ unitId: string; actor: UserRow } | { reason: string }> {
    if (device) {
      const actor = await this.certifiedActor(device);
      return actor ? { unitId: device.unitId, actor } : { reason: 'the certificate’s user is no longer in the unit’s active crew' };
    }
    const contact = await this.repository.find(uid);
    if (!contact) return { reason: 'a contact not heard before (no SA yet)' };
    if (!contact.unit_id) return { reason: 'unbound contact' };
    const actor = await this.actorFor(contact.unit_id);
    if (!actor) return { reason: 'the bound unit has no active crew' };
    return { unitId: contact.unit_id, actor };
  }

  /** A device with a certificate acts as the user who enrolled it, while they are active and in its unit's crew. */
  private async certifiedActor(device: DeviceIdentity): Promise<UserRow | undefined> {
    const user = await this.users.findById(device.userId);
    if (!user?.is_active) return undefined;
    const unit = await this.unitsRepository.find(device.unitId);
    return unit?.members.includes(user.id) ? user : undefined;
  }

  /** The crew member a bound device acts as: the first active one, in the unit's stable member order. */
  private async actorFor(unitId: string): Promise<UserRow | undefined> {
    const unit = await this.unitsRepository.find(unitId);
    for (const memberId of unit?.members ?? []) {
      const user = await this.users.findById(memberId);
      if (user?.is_active) return user;
    }
    return undefined;
  }
}
