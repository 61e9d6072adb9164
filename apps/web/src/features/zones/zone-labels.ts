import { RISK_LEVELS, ZONE_KINDS, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';

export const RISK_LABELS: Record<RiskLevel, string> = { low: 'Low', elevated: 'Elevated', high: 'High', critical: 'Critical' };
export const KIND_LABELS: Record<ZoneKind, string> = { ungoverned: 'Ungoverned', restricted: 'Restricted', patrol: 'Patrol', safe: 'Safe' };

/** The risk levels and kinds as select options, in the contract's order. */
export const RISK_OPTIONS = RISK_LEVELS.map((level) => ({ value: level, label: RISK_LABELS[level] }));
export const KIND_OPTIONS = ZONE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
