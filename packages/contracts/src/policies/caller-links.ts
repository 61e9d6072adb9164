import { OPEN_INCIDENT_STATUSES, type IncidentStatus } from '../incidents';
import { OPERATIONS_ROLES } from './visibility';

/**
 * Who makes caller location links and for which incidents
 * (docs/decisions/0046-caller-location-links.md): command and analysts, who see every incident,
 * and only for an incident still being worked, since a closed one has nobody to send to the caller.
 */
export const CALLER_LINK_ROLES = OPERATIONS_ROLES;

/** Whether a user of `role` may make, list and revoke caller location links. */
export function managesCallerLinks(role: string | null | undefined): boolean {
  return role != null && (CALLER_LINK_ROLES as readonly string[]).includes(role);
}

/** Whether an incident in `status` may get a new caller location link. */
export function takesCallerLinks(status: IncidentStatus): boolean {
  return (OPEN_INCIDENT_STATUSES as readonly string[]).includes(status);
}
