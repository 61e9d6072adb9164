import type { UnitKind } from '@argus/contracts/units';
import type { ActiveRules, EngineAction, UnitSeen } from './engine.types';
import type { ZoneIndex } from './zone-index';

const RULE = 'zone.coverage';

/** Since when a zone has lacked a unit of one kind, and whether that was alerted. */
export interface Gap {
  since: number;
  alerted: boolean;
}

export const coverageSubject = (zoneId: string, kind: UnitKind) => `coverage:${zoneId}:${kind}`;

/** Parses a coverage alert's subject back, for the restart; null for anything else. */
export function parseCoverageSubject(subject: string): { zoneId: string; kind: string } | null {
  const match = /^coverage:(.+):([a-z_]+)$/.exec(subject);
  return match ? { zoneId: match[1]!, kind: match[2]! } : null;
}

/**
 * The timer's coverage check (docs/decisions/0038-coverage-rule.md): for each watched zone and unit
 * kind, is an available unit of that kind inside it now? A gap starts counting when the last one
 * leaves (or is dispatched), raises once past the rule's minutes, and resolves when one is back.
 * `gaps` is the engine's memory between ticks, keyed by coverageSubject.
 */
export function evaluateCoverage(
  rules: ActiveRules,
  zones: ZoneIndex,
  units: Iterable<UnitSeen>,
  gaps: Map<string, Gap>,
  now: number,
): EngineAction[] {
  const rule = rules[RULE];
  if (!rule.enabled) return resolveAll(gaps);
  const { zoneKinds, unitKinds, minutes } = rule.params;
  const covered = new Set<string>();
  for (const unit of units) {
    if (unit.status !== 'available' || !unit.position || !unitKinds.includes(unit.kind)) continue;
    for (const zone of zones.containing(unit.position.lon, unit.position.lat, 'low', zoneKinds))
      covered.add(coverageSubject(zone.id, unit.kind));
  }
  const actions: EngineAction[] = [];
  const watched = new Set<string>();
  for (const zone of zones.ofKinds(zoneKinds)) {
    for (const kind of unitKinds) {
      const subject = coverageSubject(zone.id, kind);
      watched.add(subject);
      const gap = gaps.get(subject);
      if (covered.has(subject)) {
        if (gap?.alerted) actions.push({ type: 'resolve', rule: RULE, subject });
        gaps.delete(subject);
        continue;
      }
      if (!gap) {
        gaps.set(subject, { since: now, alerted: false });
        continue;
      }
      if (gap.alerted || now - gap.since < minutes * 60_000) continue;
      gap.alerted = true;
      const gapMinutes = Math.floor((now - gap.since) / 60_000);
      actions.push({
        type: 'raise',
        alert: {
          rule: RULE,
          subject,
          severity: 'warning',
          title: `No available ${kind} unit in ${zone.name}`,
          detail: `${zone.name} has had no available ${kind} unit inside it for ${gapMinutes} minutes.`,
          location: { lat: (zone.bbox[1] + zone.bbox[3]) / 2, lon: (zone.bbox[0] + zone.bbox[2]) / 2 },
          zoneId: zone.id,
          eventAt: gap.since,
          ingestedAt: now,
          sources: [{ kind: 'zone', id: zone.id, name: zone.name }],
        },
      });
    }
  }
  // A zone no longer watched (deactivated, another kind now) or a kind taken off the rule.
  for (const [subject, gap] of gaps) {
    if (watched.has(subject)) continue;
    if (gap.alerted) actions.push({ type: 'resolve', rule: RULE, subject });
    gaps.delete(subject);
  }
  return actions;
}

function resolveAll(gaps: Map<string, Gap>): EngineAction[] {
  const actions: EngineAction[] = [];
  for (const [subject, gap] of gaps) if (gap.alerted) actions.push({ type: 'resolve', rule: RULE, subject });
  gaps.clear();
  return actions;
}
