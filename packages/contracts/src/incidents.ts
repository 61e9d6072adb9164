/** Incidents as docs/decisions/0012-core-entities.md names them: severities, statuses and how a status may move. */
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/** The analysts' judgement of the threat behind an incident (the same scale as zone risk). */
export const THREAT_LEVELS = ['low', 'elevated', 'high', 'critical'] as const;
export type ThreatLevel = (typeof THREAT_LEVELS)[number];

/** Incidents still being worked: everything before resolved. */
export const OPEN_INCIDENT_STATUSES = ['new', 'triaged', 'dispatched', 'on_scene'] as const;

export const INCIDENT_STATUSES = ['new', 'triaged', 'dispatched', 'on_scene', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/**
 * The lifecycle. Work moves forward; a resolved incident may be reopened to triage when it
 * flares up again, and a closed one is final (a new incident references it instead).
 */
export const INCIDENT_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: ['triaged', 'dispatched', 'resolved', 'closed'],
  triaged: ['dispatched', 'resolved', 'closed'],
  dispatched: ['on_scene', 'resolved', 'triaged'],
  on_scene: ['resolved'],
  resolved: ['closed', 'triaged'],
  closed: [],
};

export function canMoveIncident(from: IncidentStatus, to: IncidentStatus): boolean {
  return INCIDENT_TRANSITIONS[from].includes(to);
}

/** Whether an incident in this status is still being worked (not resolved or closed). */
export function isOpenIncident(status: IncidentStatus): boolean {
  const open: readonly IncidentStatus[] = OPEN_INCIDENT_STATUSES;
  return open.includes(status);
}

/** INC-2026-000123: the year it was opened and a number counted across all years. */
export function incidentReference(year: number, number: number): string {
  return `INC-${year}-${String(number).padStart(6, '0')}`;
}
