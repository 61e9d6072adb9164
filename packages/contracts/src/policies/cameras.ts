import { COMMAND_ROLES, type Role } from '../roles';

/**
 * Who manages the surveillance registry: the command roles register, change and deactivate
 * cameras, whether from the form or from a TAK device's video feed
 * (docs/decisions/0068-tak-items-from-devices.md). The routes and the TAK feed both ask here.
 */
export const CAMERA_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/** Whether a user of `role` may register or change cameras. */
export function mayManageCameras(role: string | null | undefined): boolean {
  return role != null && (CAMERA_MANAGERS as readonly string[]).includes(role);
}
