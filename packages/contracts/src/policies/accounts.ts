import { ROLES, isAdminRole, type Role } from '../roles';

/**
 * Who may manage whose account (docs/decisions/0004-bounded-switching.md). Administrators manage
 * accounts, but only a Super_Admin manages Super_Admins: otherwise a Command_Admin could make
 * itself one, or switch into one, and hold every power. The users service, user switching and the
 * settings page all ask here, so the rule cannot differ between them. That the last active
 * Super_Admin stays is a rule on the stored accounts, not on roles: the users service keeps it.
 */

/** The operator at the shell (the CLI): whoever runs it already holds the database. */
export const OPERATOR = 'operator';

/** Who manages an account: a signed-in user's role, or the operator. */
export type AccountManager = Role | typeof OPERATOR;

/** Whether `manager` may rename, (de)activate, change the role of, or switch to an account of `targetRole`. */
export function mayManageAccount(manager: AccountManager, targetRole: Role): boolean {
  if (manager === OPERATOR || manager === 'Super_Admin') return true;
  return isAdminRole(manager) && targetRole !== 'Super_Admin';
}

/** Whether `manager` may create an account with `role`, or give an account that role. */
export function mayAssignRole(manager: AccountManager, role: Role): boolean {
  return mayManageAccount(manager, role);
}

/** The roles `manager` may give, in order of authority: what the settings page offers. */
export function assignableRoles(manager: AccountManager): Role[] {
  return ROLES.filter((role) => mayAssignRole(manager, role));
}
