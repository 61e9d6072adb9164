import { COMMAND_ROLES, type Role } from '../roles';

/**
 * Who manages the street basemaps (docs/decisions/0029-basemaps-served-by-argus.md): the command
 * roles add, rename, reorder, set the default and remove them; every signed-in role reads them.
 * The server's routes and the settings page both ask here, so they cannot disagree.
 */
export const BASEMAP_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/** Whether a user of `role` may change the basemaps. */
export function mayManageBasemaps(role: string | null | undefined): boolean {
  return role != null && (BASEMAP_MANAGERS as readonly string[]).includes(role);
}
