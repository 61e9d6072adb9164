import { seesEveryRow } from '@argus/contracts/policies/visibility';
import { mayReadTakContacts } from '@argus/contracts/policies/tak';
import { isCommandRole } from '@argus/contracts/roles';
import { SHARED_CHANNELS, type Channel, type SharedChannel } from '@argus/contracts/realtime/protocol';

/**
 * Who may subscribe to which channel: the same rule the HTTP routes apply, decided on the
 * server when a client subscribes (and again on every session check, since crews and
 * assignments change). Nothing a user may not read over HTTP reaches them over the socket.
 */
export interface Viewer {
  id: string;
  role: string;
}

/** What a field unit's access depends on: the units it crews and the incidents those units are dispatched to. */
export interface FieldScope {
  unitIds: ReadonlySet<string>;
  incidentIds: ReadonlySet<string>;
}

export type ChannelVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * The shared boards each role hears besides the rows it sees. "streams" carries every video room
 * and "cameras" the camera registry: analysts watch every room and read the registry over HTTP.
 * Field units list only their units' rooms over HTTP, so they hear of those on their `unit:<id>`
 * channels, never on "streams". "evidence" carries every item and custody entry, which only
 * command and analysts review; a field unit reads just what it captured.
 */
const ANALYST_SHARED: readonly SharedChannel[] = SHARED_CHANNELS;
const FIELD_SHARED: readonly SharedChannel[] = ['broadcast', 'public-alerts'];
const CIVIC_SHARED: readonly SharedChannel[] = ['public-alerts'];
const SHARED_BY_ROLE = new Map<string, readonly string[]>([
  ['Intelligence_Analyst', ANALYST_SHARED],
  ['Field_Unit', FIELD_SHARED],
  ['Civic_Reporter', CIVIC_SHARED],
]);

const ALLOWED: ChannelVerdict = { allowed: true };
const deny = (reason: string): ChannelVerdict => ({ allowed: false, reason });

function split(channel: Channel): { kind: string; id: string | null } {
  const colon = channel.indexOf(':');
  return colon === -1 ? { kind: channel, id: null } : { kind: channel.slice(0, colon), id: channel.slice(colon + 1) };
}

/** Whether deciding this channel for this viewer needs their field scope (a database read). */
export function needsFieldScope(viewer: Viewer, channel: Channel): boolean {
  if (viewer.role !== 'Field_Unit') return false;
  const { kind } = split(channel);
  return kind === 'unit' || kind === 'incident';
}

/** The verdict for one channel; `scope` is required when `needsFieldScope` says so. */
export function channelAccess(viewer: Viewer, channel: Channel, scope?: FieldScope): ChannelVerdict {
  const { kind, id } = split(channel);
  // TAK contacts: whoever may read them over HTTP, by the one rule in policies/tak.ts.
  if (kind === 'tak') return mayReadTakContacts(viewer.role) ? ALLOWED : deny('Only command sees TAK contacts.');
  if (isCommandRole(viewer.role)) return ALLOWED;
  if (kind === 'user') return id === viewer.id ? ALLOWED : deny('Only your own user channel.');
  if (kind === 'incident' || kind === 'unit') {
    // The same rows the HTTP routes show: every one to those who see every row, a field unit its scope.
    if (seesEveryRow(viewer.role)) return ALLOWED;
    if (viewer.role === 'Field_Unit') {
      if (kind === 'unit') return scope?.unitIds.has(id!) ? ALLOWED : deny('This is not your unit.');
      return scope?.incidentIds.has(id!) ? ALLOWED : deny('None of your units is assigned to this incident.');
    }
  }
  const shared = SHARED_BY_ROLE.get(viewer.role) ?? [];
  return shared.includes(kind) ? ALLOWED : deny('Your role does not see this channel.');
}
