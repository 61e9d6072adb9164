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
 * The lifecycle. Work moves forward; a dispatched or on-scene incident may stand down to triage
 * when its units leave, a resolved one may be reopened to triage when it flares up again, and a
 * closed one is final (a new incident references it instead).
 */
export const INCIDENT_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: ['triaged', 'dispatched', 'resolved', 'closed'],
  triaged: ['dispatched', 'resolved', 'closed'],
  dispatched: ['on_scene', 'resolved', 'triaged'],
  // Stand down to triage once every unit has left (docs/decisions/0035-incident-management.md).
  on_scene: ['resolved', 'triaged'],
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

/**
 * How an incident ended, as a dispatch centre codes it when it resolves or closes one
 * (docs/decisions/0035-incident-management.md). A summary in words goes with the code.
 */
export const INCIDENT_DISPOSITIONS = [
  'resolved_by_unit',
  'no_action_required',
  'false_alarm',
  'referred',
  'duplicate',
  'cancelled_by_caller',
  'unable_to_locate',
] as const;
export type IncidentDisposition = (typeof INCIDENT_DISPOSITIONS)[number];

/** Statuses that end the work on an incident and so need a disposition. */
export const DISPOSITION_STATUSES = ['resolved', 'closed'] as const satisfies readonly IncidentStatus[];

export function needsDisposition(status: IncidentStatus): boolean {
  return (DISPOSITION_STATUSES as readonly IncidentStatus[]).includes(status);
}
