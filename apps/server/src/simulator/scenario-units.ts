import type { UnitKind } from '@argus/contracts/units';

/** The dozen units the demo scenario runs, by callsign; the prefix marks them as the simulator's. */
export const SCENARIO_PREFIX = 'LDN-';

export const SCENARIO_UNITS: { callsign: string; kind: UnitKind }[] = [
  ...[1, 2, 3, 4, 5].map((n) => ({ callsign: `${SCENARIO_PREFIX}PATROL-${n}`, kind: 'patrol' as const })),
  ...[1, 2, 3].map((n) => ({ callsign: `${SCENARIO_PREFIX}MEDIC-${n}`, kind: 'medical' as const })),
  ...[1, 2, 3].map((n) => ({ callsign: `${SCENARIO_PREFIX}ENGINE-${n}`, kind: 'fire' as const })),
  { callsign: `${SCENARIO_PREFIX}RESCUE-1`, kind: 'rescue' },
];
