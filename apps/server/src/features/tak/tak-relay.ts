import type { CotMessage } from './cot-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import type { DeviceItemLanding } from './tak-device-items';
import type { TakPicture } from './tak-picture';
import type { Landing, TakService } from './tak.service';

/** The device that placed an item: its uid, and the unit its certificate names, when it has one. */
export interface Placer {
  uid: string | null;
  unitId: string | null;
}

/**
 * Whether a device may see what another device placed: as it may see that device's contact, a
 * bound one as its unit (its binding, else the unit its certificate names), an unbound one as
 * command sees TAK contacts.
 */
export function seesPlacedBy(picture: TakPicture, tak: Pick<TakService, 'unitOf'>, connectionId: number, placer: Placer): boolean {
  return picture.seesContact(connectionId, (placer.uid ? tak.unitOf(placer.uid) : null) ?? placer.unitId);
}

/**
 * Which devices a device's event is relayed to (docs/decisions/0067-tak-geochat-filtering-and-alerts.md,
 * docs/decisions/0072-tak-map-points.md): a position as far as its contact may be seen (a bound one
 * as its unit), an emergency as far as its sender; a point or incident marker, and any event Argus
 * does not map, as far as the device that placed it may be seen (`seesPlacedBy`), so a field crew's
 * device sees its own unit's markers and command's sees every one. Drawings, video feeds and delete
 * tasks go to every device, as a TAK Server sends them: a drawing kept as a zone stands for that
 * zone on every device that sees zones. Chats and receipts are routed by tak-chat.ts. A marker or
 * delete task is relayed once Argus landed it (`relayAfterLanding`).
 *
 * `sender` is the device the event came from: its certificate's uid, or the uid a plain-TCP device
 * speaks as; a certified device places as itself, a plain one as the event says (`<creator>`, `p-p`).
 */
export function relayFilter(
  picture: TakPicture,
  tak: Pick<TakService, 'unitOf'>,
  message: CotMessage,
  sender: { device: DeviceIdentity | null; speaksAs: string | null },
): (connectionId: number) => boolean {
  switch (message.kind) {
    // The contact's unit is looked up once an event, not once for each device it may go to.
    case 'sa': {
      const unit = tak.unitOf(message.uid);
      return (id) => picture.seesContact(id, unit);
    }
    case 'emergency':
    case 'emergency-cancel': {
      const unit = tak.unitOf(message.senderUid);
      return (id) => picture.seesContact(id, unit);
    }
    case 'marker':
    case 'incident-report':
    case 'other': {
      const author = message.kind === 'other' ? null : message.authorUid;
      const placer = { uid: sender.device?.deviceUid ?? author ?? sender.speaksAs, unitId: sender.device?.unitId ?? null };
      return (id) => seesPlacedBy(picture, tak, id, placer);
    }
    default:
      return () => true;
  }
}

/**
 * Where a marker or delete task goes once Argus landed it: one Argus refused as a change to a kept
 * point goes nowhere, or a device's map would lose or move a point its placer keeps; a change to a
 * kept point goes as far as the device that placed the point may be seen, as the point is replayed;
 * anything else (a new point past the cap, a drawing's deletion) as `relayFilter` says.
 */
export function relayAfterLanding(
  picture: TakPicture,
  tak: Pick<TakService, 'unitOf'>,
  landing: Landing | DeviceItemLanding | null,
  sees: (connectionId: number) => boolean,
): ((connectionId: number) => boolean) | null {
  if (!landing) return sees;
  if ('refused' in landing && landing.refused) return null;
  if ('placer' in landing) {
    const placer = landing.placer;
    return (id) => seesPlacedBy(picture, tak, id, placer);
  }
  return sees;
}
