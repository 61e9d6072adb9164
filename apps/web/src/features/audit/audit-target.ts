import type { AuditEvent, AuditPerson } from '@argus/contracts/http/audit';
import { isDeviceAccountEmail } from '@argus/contracts/http/devices';

/** Targets that name one of the platform's settings; the action already says which ("Home area set"). */
const SETTINGS_TARGETS = new Set(['platform', 'home_area', 'unit_symbols', 'dispatch_capabilities', 'civic']);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an entry's target is, in words where the entry says, and the raw target to search by. */
export interface AuditTarget {
  text: string;
  /** The target as stored, when the text differs from it: shown on hover, matched by "Target contains". */
  raw: string | null;
}

/** A person by name and address; a device by its name alone, since its account's address is made up. */
export const personText = (person: AuditPerson) =>
  isDeviceAccountEmail(person.email) ? person.full_name : `${person.full_name} (${person.email})`;

/**
 * A user's name and address for a user's id; a name the entry recorded (a basemap's, a device's) with a short id for
 * other ids; an address or device uid as it is. The full id stays on hover, since it is what the filter matches.
 */
export function describeAuditTarget(event: Pick<AuditEvent, 'target' | 'targetUser' | 'actor' | 'subject' | 'detail'>): AuditTarget | null {
  const { target } = event;
  if (!target || SETTINGS_TARGETS.has(target)) return null;
  const person = [event.targetUser, event.actor, event.subject].find((candidate) => candidate?.id === target);
  if (person) return { text: personText(person), raw: target };
  if (!ID.test(target)) return { text: target, raw: null };
  const shortId = `${target.slice(0, 8)}…`;
  const { name } = event.detail;
  return { text: typeof name === 'string' && name.trim() !== '' ? `${name} (${shortId})` : shortId, raw: target };
}
