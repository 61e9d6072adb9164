import type { AlertSeverity } from '@argus/contracts/alerts';
import type { RiskLevel } from '@argus/contracts/zones';
import type { ActiveRules, EngineAction, ReportSeen, UnitSeen } from './engine.types';
import type { IndexedZone, ZoneIndex } from './zone-index';

/** Inside since when, and whether the dwell time has passed and the alert was raised. */
export interface Presence {
  enteredAt: number;
  alerted: boolean;
}

const RULE = 'zone.geofence';
/** Shared by every call that decides nothing; frozen so no caller can add to it. */
const NOTHING = Object.freeze([]) as unknown as EngineAction[];

export function severityForRisk(risk: RiskLevel): AlertSeverity {
  return risk === 'critical' ? 'critical' : risk === 'high' ? 'warning' : 'info';
}

export const unitSubject = (unitId: string) => `unit:${unitId}`;
/** One alert per unit and zone; re-entering while it is open merges into it. */
export const unitZoneSubject = (unitId: string, zoneId: string) => `unit:${unitId}@zone:${zoneId}`;

function raiseForUnit(unit: UnitSeen, zone: IndexedZone, now: number): EngineAction {
  const position = unit.position!;
  return {
    type: 'raise',
    alert: {
      rule: RULE,
      subject: unitZoneSubject(unit.unitId, zone.id),
      severity: severityForRisk(zone.riskLevel),
      title: `${unit.callsign} entered ${zone.name}`,
      detail: `${unit.callsign} is inside ${zone.name} (${zone.riskLevel} risk ${zone.kind} zone).`,
      location: { lat: position.lat, lon: position.lon },
      zoneId: zone.id,
      eventAt: position.at,
      ingestedAt: Math.min(unit.ingestedAt, now),
      sources: [
        { kind: 'unit', id: unit.unitId, at: position.at, name: unit.callsign },
        { kind: 'zone', id: zone.id, name: zone.name },
      ],
    },
  };
}

/**
 * Geofence for a unit: entry (raised at once or after the dwell time), staying (nothing new),
 * exit (resolves the alert or notes the exit on it). `inside` is the unit's presence by zone id.
 */
export function evaluateUnitGeofence(
  rules: ActiveRules,
  zones: ZoneIndex,
  unit: UnitSeen,
  inside: Map<string, Presence>,
  now: number,
): EngineAction[] {
  const rule = rules[RULE];
  if (!rule.enabled || !rule.params.entities.includes('unit') || !unit.position) return [];
  const { lat, lon, at } = unit.position;
  const hits = zones.containing(lon, lat, rule.params.minRisk);
  // Most positions are outside every zone and were outside before: nothing to decide.
  if (hits.length === 0 && inside.size === 0) return NOTHING;
  const dwellMs = rule.params.dwellSeconds * 1000;
  const actions: EngineAction[] = [];
  const current = new Set<string>();
  for (const zone of hits) {
    current.add(zone.id);
    let presence = inside.get(zone.id);
    if (!presence) {
      presence = { enteredAt: at, alerted: false };
      inside.set(zone.id, presence);
      if (dwellMs === 0) presence.alerted = true;
      actions.push({ type: 'enter', subject: unitSubject(unit.unitId), zoneId: zone.id, enteredAt: at, alerted: presence.alerted });
      if (presence.alerted) actions.push(raiseForUnit(unit, zone, now));
    } else if (!presence.alerted && at - presence.enteredAt >= dwellMs) {
      presence.alerted = true;
      actions.push({ type: 'enter', subject: unitSubject(unit.unitId), zoneId: zone.id, enteredAt: presence.enteredAt, alerted: true });
      actions.push(raiseForUnit(unit, zone, now));
    }
  }
  for (const [zoneId, presence] of inside) {
    if (current.has(zoneId)) continue;
    inside.delete(zoneId);
    actions.push({ type: 'leave', subject: unitSubject(unit.unitId), zoneId });
    if (!presence.alerted) continue;
    const subject = unitZoneSubject(unit.unitId, zoneId);
    if (rule.params.resolveOnExit) actions.push({ type: 'resolve', rule: RULE, subject });
    else
      actions.push({
        type: 'note',
        rule: RULE,
        subject,
        detail: `${unit.callsign} left the zone.`,
        source: { kind: 'unit', id: unit.unitId, at, name: unit.callsign },
      });
  }
  return actions;
}

/** Dwell passing without a new position: the timer raises what the next position would have. */
export function evaluateDwell(
  rules: ActiveRules,
  zones: ZoneIndex,
  unit: UnitSeen,
  inside: Map<string, Presence>,
  now: number,
): EngineAction[] {
  const rule = rules[RULE];
  if (!rule.enabled || !unit.position) return [];
  const actions: EngineAction[] = [];
  for (const [zoneId, presence] of inside) {
    if (presence.alerted || now - presence.enteredAt < rule.params.dwellSeconds * 1000) continue;
    const zone = zones.get(zoneId);
    if (!zone) continue;
    presence.alerted = true;
    actions.push({ type: 'enter', subject: unitSubject(unit.unitId), zoneId, enteredAt: presence.enteredAt, alerted: true });
    actions.push(raiseForUnit(unit, zone, now));
  }
  return actions;
}

/** A report inside a watched zone: reports in the same zone merge into one alert. */
export function evaluateReportGeofence(rules: ActiveRules, zones: ZoneIndex, report: ReportSeen): EngineAction[] {
  const rule = rules[RULE];
  if (!rule.enabled || !rule.params.entities.includes('report')) return [];
  return zones.containing(report.lon, report.lat, rule.params.minRisk).map((zone) => ({
    type: 'raise',
    alert: {
      rule: RULE,
      subject: `reports@zone:${zone.id}`,
      severity: severityForRisk(zone.riskLevel),
      title: `Report inside ${zone.name}`,
      detail: `A ${report.category} report came from inside ${zone.name} (${zone.riskLevel} risk ${zone.kind} zone).`,
      location: { lat: report.lat, lon: report.lon },
      zoneId: zone.id,
      eventAt: report.at,
      ingestedAt: report.ingestedAt,
      sources: [
        { kind: 'report', id: report.id, at: report.at, name: `${report.category} report` },
        { kind: 'zone', id: zone.id, name: zone.name },
      ],
    },
  }));
}
