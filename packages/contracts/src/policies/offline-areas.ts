import { COMMAND_ROLES, type Role } from '../roles';

/**
 * Who sends map areas to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md):
 * command, who assigns the units. A unit's crew reads what was sent to it (actsForUnit).
 */
export const OFFLINE_AREA_SENDERS = COMMAND_ROLES satisfies readonly Role[];
