/** Zones (DESIGN sections 2, 3 and 4): areas on the map the threat engine watches. */
export const ZONE_KINDS = ['ungoverned', 'restricted', 'patrol', 'safe'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** Ordered from least to most dangerous: geofence rules fire "at or above" a level. */
export const RISK_LEVELS = ['low', 'elevated', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}
