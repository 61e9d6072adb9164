import type { IncidentSeverity, IncidentStatus } from '@argus/contracts/incidents';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import type { DispatchStatus } from '@argus/contracts/units';

export const SEVERITY_LABELS: Record<IncidentSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  new: 'New',
  triaged: 'Triaged',
  dispatched: 'Dispatched',
  on_scene: 'On scene',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** The button that moves an incident into each status. */
export const INCIDENT_STATUS_ACTIONS: Record<IncidentStatus, string> = {
  new: 'Mark new',
  triaged: 'Mark triaged',
  dispatched: 'Mark dispatched',
  on_scene: 'Mark on scene',
  resolved: 'Resolve',
  closed: 'Close',
};

/** An assignment's status in words, for command, the timeline and the crew alike. */
export const DISPATCH_STATUS_LABELS: Record<DispatchStatus, string> = {
  assigned: 'Assigned',
  acknowledged: 'Acknowledged',
  en_route: 'En route',
  on_scene: 'On scene',
  cleared: 'Cleared',
  cancelled: 'Cancelled',
};

/** Higher is more severe: low 0 … critical 3 (the contract lists severities from least to most). */
export const severityRank = (severity: IncidentSeverity) => INCIDENT_SEVERITIES.indexOf(severity);

/** Categories offered as suggestions when opening an incident; any other word is accepted. */
export const INCIDENT_CATEGORY_SUGGESTIONS = [
  'fire',
  'medical',
  'traffic',
  'crime',
  'flood',
  'hazmat',
  'search and rescue',
  'public order',
  'infrastructure',
  'other',
];
