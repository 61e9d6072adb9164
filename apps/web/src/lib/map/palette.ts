import type { IncidentSeverity } from '@argus/contracts/incidents';
import type { UnitStatus } from '@argus/contracts/units';
import type { AlertSeverity } from '@argus/contracts/alerts';
import type { CameraStatus } from '@argus/contracts/http/cameras';
import type { ReportStatus } from '@argus/contracts/reports';

/**
 * Colours of things on the map, shared with the panels beside it so a legend, a roster row and
 * a map symbol agree. Every colour is readable on the dark basemap and on the app's dark grey;
 * shape (unit and incident symbols, triangle, square) tells the kinds apart for colour-blind
 * readers, and the badge of a unit's status or an incident's severity carries a letter as well as
 * its colour (unit-symbols.ts, incident-symbols.ts).
 */
export const UNIT_STATUS_COLOURS: Record<UnitStatus, string> = {
  available: '#69db7c',
  dispatched: '#ffd43b',
  en_route: '#4dabf7',
  on_scene: '#da77f2',
  out_of_service: '#adb5bd',
  offline: '#868e96',
};

export const SEVERITY_COLOURS: Record<IncidentSeverity, string> = {
  low: '#74c0fc',
  medium: '#ffd43b',
  high: '#ff922b',
  critical: '#ff4d4f',
};

export const ALERT_COLOURS: Record<AlertSeverity, string> = {
  info: '#74c0fc',
  warning: '#ffd43b',
  critical: '#ff4d4f',
};

/** SOS: the one colour nothing else on the map uses. */
export const EMERGENCY_COLOUR = '#ff1f3d';
export const REPORT_COLOUR = '#f783ac';

/** Report triage: new in the reports' pink, under review amber, verified green, closed grey. */
export const REPORT_STATUS_COLOURS: Record<ReportStatus, string> = {
  submitted: REPORT_COLOUR,
  under_review: '#ffd43b',
  verified: '#69db7c',
  rejected: '#868e96',
  merged: '#adb5bd',
};

/** Camera and sensor health, shared by the map, the registry's badges and the legend. */
export const CAMERA_STATUS_COLOURS: Record<CameraStatus, string> = {
  online: '#69db7c',
  degraded: '#ffd43b',
  offline: '#868e96',
};
export const SELECTED_COLOUR = '#d4a72c';
/** TAK devices bound to no unit: a violet ring, apart from units' symbols and callers' blue dots. */
export const TAK_CONTACT_COLOUR = '#9775fa';

export const BASEMAP_COLOURS = {
  water: '#0e1621',
  land: '#23262b',
  border: '#4a4e56',
  coast: '#3a3f47',
  label: '#e9e9ea',
  halo: '#141517',
} as const;
