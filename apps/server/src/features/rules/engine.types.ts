import type { RuleKind, RuleParams } from '@argus/contracts/http/rules';
import type { UnitKind, UnitStatus } from '@argus/contracts/units';
import type { AlertSource, RaiseAlert } from '../alerts/alerts.service';

/** The rules as the engine uses them: enabled or not, with parameters already validated per kind. */
export type ActiveRules = { [K in RuleKind]: { name: string; enabled: boolean; params: RuleParams[K] } };

/** A unit as its events show it. */
export interface UnitSeen {
  unitId: string;
  callsign: string;
  kind: UnitKind;
  status: UnitStatus;
  position: { lat: number; lon: number; at: number } | null;
  /** When the server wrote it. */
  ingestedAt: number;
}

export interface ReportSeen {
  id: string;
  category: string;
  description: string;
  lat: number;
  lon: number;
  at: number;
  ingestedAt: number;
}

/** One analysed frame of a camera: what was seen, where the camera stands, and where each object stands on the ground. */
export interface DetectionFrame {
  cameraId: string;
  cameraName: string;
  at: number;
  ingestedAt: number;
  location: { lat: number; lon: number };
  detections: { id: string; label: string; score: number; location: { lat: number; lon: number } }[];
}

/**
 * What evaluating an event decides; the runner carries it out (alerts in a transaction,
 * presence rows for the restart) so the engine itself stays synchronous and testable.
 */
export type EngineAction =
  | { type: 'raise'; alert: RaiseAlert }
  | { type: 'resolve'; rule: RuleKind; subject: string }
  /** Adds a line to an open alert without counting a new firing (a unit left the zone). */
  | { type: 'note'; rule: RuleKind; subject: string; detail: string; source: AlertSource }
  | { type: 'enter'; subject: string; zoneId: string; enteredAt: number; alerted: boolean }
  | { type: 'leave'; subject: string; zoneId: string };

/** Units on an active assignment: the ones whose silence is worrying. */
export const ASSIGNED_STATUSES: readonly UnitStatus[] = ['dispatched', 'en_route', 'on_scene'];
