import { COMMAND_ROLES, type Role } from '../roles';

/**
 * Who reads and who edits the dispatch capability table (docs/decisions/0039-dispatch-by-capability.md):
 * command dispatches, so command reads it; the command roles are also the administrators, so they edit it.
 * The server's routes and the settings page both ask here, so they cannot disagree.
 */
export const DISPATCH_CAPABILITY_READERS = COMMAND_ROLES satisfies readonly Role[];
export const DISPATCH_CAPABILITY_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/** Whether a user of `role` may change what unit kinds can do and what categories need. */
export function mayManageDispatchCapabilities(role: string | null | undefined): boolean {
  return role != null && (DISPATCH_CAPABILITY_MANAGERS as readonly string[]).includes(role);
}
