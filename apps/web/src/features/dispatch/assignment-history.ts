import type { Assignment } from '@argus/contracts/http/units';
import type { DispatchStatus } from '@argus/contracts/units';

const ACTIVE: ReadonlySet<DispatchStatus> = new Set(['assigned', 'acknowledged', 'en_route', 'on_scene']);

/** Whether the unit is still on its way to, or at, the incident. */
export function isActiveAssignment(assignment: Pick<Assignment, 'status'>): boolean {
  return ACTIVE.has(assignment.status);
}
