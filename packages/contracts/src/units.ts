/** Units as docs/decisions/0012-core-entities.md names them. */
export const UNIT_STATUSES = ['available', 'dispatched', 'en_route', 'on_scene', 'out_of_service', 'offline'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const UNIT_KINDS = ['patrol', 'fire', 'medical', 'rescue', 'hazmat', 'command', 'drone', 'other'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** Dispatch assignments: a timestamp per milestone feeds response-time analytics. */
export const DISPATCH_STATUSES = ['assigned', 'acknowledged', 'en_route', 'on_scene', 'cleared', 'cancelled'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

export const DISPATCH_TRANSITIONS: Record<DispatchStatus, readonly DispatchStatus[]> = {
  assigned: ['acknowledged', 'en_route', 'cancelled'],
  acknowledged: ['en_route', 'cancelled'],
  en_route: ['on_scene', 'cancelled'],
  on_scene: ['cleared'],
  cleared: [],
  cancelled: [],
};

/** The unit status each assignment milestone puts the unit in, changed in the same transaction. */
export const UNIT_STATUS_FOR_DISPATCH: Record<DispatchStatus, UnitStatus> = {
  assigned: 'dispatched',
  acknowledged: 'dispatched',
  en_route: 'en_route',
  on_scene: 'on_scene',
  cleared: 'available',
  cancelled: 'available',
};
