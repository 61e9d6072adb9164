import type { DispatchStatus, UnitStatus } from '@argus/contracts/units';

/** The statuses a crew sets by hand; dispatched and offline follow from assignments and silence. */
export const CREW_STATUSES = ['available', 'en_route', 'on_scene', 'out_of_service'] as const satisfies readonly UnitStatus[];

/** The milestones a crew marks, in order, with the words on their buttons. */
export const CREW_MILESTONES = [
  { status: 'acknowledged', label: 'Acknowledge' },
  { status: 'en_route', label: 'En route' },
  { status: 'on_scene', label: 'On scene' },
  { status: 'cleared', label: 'Clear' },
] as const satisfies readonly { status: DispatchStatus; label: string }[];
