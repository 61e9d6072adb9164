import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';

export const RISK_LABELS: Record<RiskLevel, string> = { low: 'Low', elevated: 'Elevated', high: 'High', critical: 'Critical' };
export const KIND_LABELS: Record<ZoneKind, string> = { ungoverned: 'Ungoverned', restricted: 'Restricted', patrol: 'Patrol', safe: 'Safe' };
