import { isCommandRole } from '@argus/contracts/roles';
import { seesEveryRow } from '@argus/contracts/policies/visibility';
import type { StreamRoomRow } from './streams.repository';

/**
 * Who may do what with a video room (docs/video.md):
 * - publish: command roles in any room; a field unit only in its own unit's room or a room
 *   created for its unit;
 * - view: command roles and analysts every room; a field unit only rooms of or shared with its unit;
 * - create: command roles any room; a field unit only a field room for its own unit.
 * Civic reporters never take part. HTTP, the signalling socket, WHIP and WHEP all ask here.
 */
export interface StreamUser {
  id: string;
  role: string;
  /** The units the user crews (field units); empty for everyone else. */
  unitIds: ReadonlySet<string>;
}

const sharedUnits = (room: StreamRoomRow): string[] => JSON.parse(room.shared_unit_ids) as string[];

export function canPublish(user: StreamUser, room: StreamRoomRow): boolean {
  if (isCommandRole(user.role)) return true;
  return user.role === 'Field_Unit' && room.unit_id !== null && user.unitIds.has(room.unit_id);
}

export function canView(user: StreamUser, room: StreamRoomRow): boolean {
  if (seesEveryRow(user.role)) return true;
  if (user.role !== 'Field_Unit') return false;
  if (room.unit_id !== null && user.unitIds.has(room.unit_id)) return true;
  return sharedUnits(room).some((unitId) => user.unitIds.has(unitId));
}

export function canCreate(user: StreamUser, kind: string, unitId: string | null | undefined): boolean {
  if (isCommandRole(user.role)) return true;
  return user.role === 'Field_Unit' && kind === 'field' && !!unitId && user.unitIds.has(unitId);
}

export { sharedUnits };
