import { isCommandRole } from '../roles';

/**
 * Who may change which part of an open incident (docs/decisions/0035-incident-management.md):
 * command runs the incident and edits everything; an intelligence analyst judges the threat and
 * edits only the threat level. The server refuses the rest; the web shows only what applies.
 */
export const INCIDENT_EDITABLE_FIELDS = ['title', 'description', 'category', 'severity', 'location', 'threatLevel'] as const;
export type IncidentEditableField = (typeof INCIDENT_EDITABLE_FIELDS)[number];

const ANALYST_FIELDS: readonly IncidentEditableField[] = ['threatLevel'];

/** The fields `role` may change on an incident; an empty list means none. */
export function editableIncidentFields(role: string | null | undefined): readonly IncidentEditableField[] {
  if (isCommandRole(role)) return INCIDENT_EDITABLE_FIELDS;
  if (role === 'Intelligence_Analyst') return ANALYST_FIELDS;
  return [];
}

/** Whether `role` may move an incident along its lifecycle, resolve or close it. */
export function movesIncidentStatus(role: string | null | undefined): boolean {
  return isCommandRole(role);
}
