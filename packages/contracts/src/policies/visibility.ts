import { COMMAND_ROLES, isCommandRole, type Role } from '../roles';

/**
 * Who sees which rows (docs/specification.md section 6). Command and intelligence analysts run
 * operations and see every incident, unit, report, alert, assignment and evidence item; a field
 * unit sees what concerns the units it crews; a civic reporter only what it filed. Routes,
 * services and realtime channel access all ask here, so HTTP and the socket cannot disagree.
 */

/** Command and analysts: the operations staff, who see every row. */
export const OPERATIONS_ROLES = [...COMMAND_ROLES, 'Intelligence_Analyst'] as const satisfies readonly Role[];

/** The operations staff and the field units: everyone who takes part in operations. */
export const OPERATIONS_AND_FIELD_ROLES = [...OPERATIONS_ROLES, 'Field_Unit'] as const satisfies readonly Role[];

/** Whether a user of `role` sees every row, rather than only their own unit's or their own. */
export function seesEveryRow(role: string | null | undefined): boolean {
  return role != null && (OPERATIONS_ROLES as readonly string[]).includes(role);
}

/** Whether `user` acts for a unit crewed by `crew`: command for every unit, anyone else only as one of its crew. */
export function actsForUnit(user: { id: string; role: string }, crew: readonly string[]): boolean {
  return isCommandRole(user.role) || crew.includes(user.id);
}
