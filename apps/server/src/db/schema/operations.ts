import type { IncidentDisposition, IncidentSeverity, IncidentStatus, ThreatLevel } from '@argus/contracts/incidents';
import type { MessageChannel } from '@argus/contracts/messages';
import type { DispatchStatus, UnitKind, UnitStatus } from '@argus/contracts/units';

/** The operational picture: incidents, units, dispatch, unit kinds, the home area, offline areas sent to phones, and messages. Row conventions: ../schema.ts. */

export interface CountersTable {
  name: string;
  value: number;
}

export interface IncidentsTable {
  id: string;
  reference: string;
  title: string;
  category: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  lat: number;
  lon: number;
  accuracy: number | null;
  description: string;
  source: string | null;
  created_by: string | null;
  threat_level: ThreatLevel | null;
  created_at: number;
  updated_at: number;
  /** 1 for a training incident, kept out of analytics unless asked for (migration 0014). */
  exercise: number;
  /** How it ended, set when resolved or closed (migration 0020). */
  disposition: IncidentDisposition | null;
  disposition_summary: string | null;
  disposition_at: number | null;
  disposition_by: string | null;
  /** What the public is told of the outcome (migration 0024); the summary stays internal. */
  disposition_public_note: string | null;
}

export interface IncidentTimelineTable {
  id: string;
  incident_id: string;
  at: number;
  /** Orders entries written in the same millisecond. */
  seq: number;
  kind: string;
  actor_id: string | null;
  detail: string;
  /** When the server received the action, when it differs from `at`, the act's time (migration 0025). */
  received_at: number | null;
}

export interface UnitsTable {
  id: string;
  callsign: string;
  kind: UnitKind;
  status: UnitStatus;
  lat: number | null;
  lon: number | null;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  position_at: number | null;
  emergency_since: number | null;
  emergency_by: string | null;
  emergency_lat: number | null;
  emergency_lon: number | null;
  /** Who in command acknowledged the SOS (their name) and when; null until then. */
  emergency_seen_by: string | null;
  emergency_seen_at: number | null;
  /** When the current status was chosen on the device; updated_at is when it arrived (migration 0025). */
  status_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface UnitMembersTable {
  unit_id: string;
  user_id: string;
}

export interface ClientActionsTable {
  client_id: string;
  user_id: string;
  kind: string;
  target_id: string;
  created_at: number;
}

export interface DispatchesTable {
  id: string;
  incident_id: string;
  unit_id: string;
  status: DispatchStatus;
  milestones: string;
  created_at: number;
  updated_at: number;
  /** Why it was cancelled: a recall or a reassignment (migration 0020). */
  cancel_reason: string | null;
}

/** What a unit kind can do and its typical speed (migration 0023, docs/decisions/0039-dispatch-by-capability.md). */
export interface UnitKindCapabilitiesTable {
  kind: UnitKind;
  /** JSON array of lower-case capability names. */
  capabilities: string;
  speed_kmh: number;
  updated_by: string | null;
  updated_at: number;
}

/** The symbol a unit kind is drawn as and its legend label (migration 0029, docs/decisions/0049-editable-unit-symbols.md). */
export interface UnitKindSymbolsTable {
  kind: UnitKind;
  /** The 20-digit MIL-STD-2525D symbol identification code. */
  sidc: string;
  label: string;
  updated_by: string | null;
  updated_at: number;
}

/** The capabilities an incident category needs (migration 0023). */
export interface CategoryNeedsTable {
  category: string;
  /** JSON array of capability names. */
  needs: string;
  position: number;
}

/** The home area an administrator set, one row with id "home" (migration 0036, docs/decisions/0058-home-area.md). */
export interface HomeAreaTable {
  id: string;
  west: number;
  south: number;
  east: number;
  north: number;
  updated_by: string | null;
  updated_at: number;
}

/** A map area command sent to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md). */
export interface SentOfflineAreasTable {
  id: string;
  unit_id: string;
  basemap_id: string;
  label: string;
  west: number;
  south: number;
  east: number;
  north: number;
  sent_by: string | null;
  sent_at: number;
}

export interface MessagesTable {
  id: string;
  client_id: string;
  channel: MessageChannel;
  target_id: string | null;
  sender_id: string;
  body: string;
  /** sent_at is when the server received it, ordering threads; this, when it was written on the device (migration 0025). */
  sent_at: number;
  occurred_at: number | null;
}

/** How far one person has read one thread; target_id is '' for the broadcasts. */
export interface MessageReadsTable {
  user_id: string;
  channel: MessageChannel;
  target_id: string;
  read_at: number;
}
