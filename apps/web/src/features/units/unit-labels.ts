import type { UnitKind, UnitStatus } from '@argus/contracts/units';

/** A unit status in words: the roster, the crew's own panel and the map legend all say the same. */
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  available: 'Available',
  dispatched: 'Dispatched',
  en_route: 'En route',
  on_scene: 'On scene',
  out_of_service: 'Out of service',
  offline: 'Offline',
};

export const UNIT_KIND_LABELS: Record<UnitKind, string> = {
  patrol: 'Patrol',
  fire: 'Fire',
  medical: 'Medical',
  rescue: 'Rescue',
  hazmat: 'Hazmat',
  command: 'Command',
  drone: 'Drone',
  other: 'Other',
};
