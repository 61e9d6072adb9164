import type { IncidentDisposition, IncidentSeverity, IncidentStatus, ThreatLevel } from '@argus/contracts/incidents';
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

/**
 * The button that moves an incident from one status to another: going back to triage reads
 * differently from each side ("Reopen" after resolving, "Stand down to triage" while units are
 * out), and resolving or closing asks for a disposition first.
 */
export function incidentActionLabel(from: IncidentStatus, to: IncidentStatus): string {
  switch (to) {
    case 'triaged':
      if (from === 'resolved') return 'Reopen';
      if (from === 'dispatched' || from === 'on_scene') return 'Stand down to triage';
      return 'Mark triaged';
    case 'new':
      return 'Mark new';
    case 'dispatched':
      return 'Mark dispatched';
    case 'on_scene':
      return 'Mark on scene';
    case 'resolved':
      return 'Resolve…';
    case 'closed':
      return 'Close…';
  }
}

/** Disposition codes in words, for the closing form, the detail and the timeline. */
export const DISPOSITION_LABELS: Record<IncidentDisposition, string> = {
  resolved_by_unit: 'Resolved by unit',
  no_action_required: 'No action required',
  false_alarm: 'False alarm',
  referred: 'Referred to another agency',
  duplicate: 'Duplicate of another incident',
  cancelled_by_caller: 'Cancelled by caller',
  unable_to_locate: 'Unable to locate',
};

export const THREAT_LEVEL_LABELS: Record<ThreatLevel, string> = { low: 'Low', elevated: 'Elevated', high: 'High', critical: 'Critical' };

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
