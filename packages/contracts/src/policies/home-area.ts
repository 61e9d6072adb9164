import { COMMAND_ROLES, ROLES, type Role } from '../roles';
import { OPERATIONS_ROLES } from './visibility';

/**
 * Who reads and who sets the operation's home area (docs/decisions/0058-home-area.md): every
 * signed-in role opens maps (the civic reporter's "Pick on the map" too), so all read a set area; the
 * administrators (the command roles) set it. The server's routes and the settings page both ask here.
 */
export const HOME_AREA_READERS = ROLES satisfies readonly Role[];
export const HOME_AREA_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/** Whether a user of `role` may set or clear the home area. */
export function mayManageHomeArea(role: string | null | undefined): boolean {
  return role != null && (HOME_AREA_MANAGERS as readonly string[]).includes(role);
}

/**
 * Who may read the derived area: the operations staff, who see every unit, incident and zone. It
 * is drawn around all of them, and its padding is fixed, so it gives away the outermost positions:
 * a field unit (which sees only the units it crews, ./visibility.ts) and a civic reporter read an
 * area an administrator set, or none.
 */
export function mayReadDerivedHomeArea(role: string | null | undefined): boolean {
  return role != null && (OPERATIONS_ROLES as readonly string[]).includes(role);
}
