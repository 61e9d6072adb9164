import { ASSIGNED_STATUSES, type ActiveRules, type EngineAction, type UnitSeen } from './engine.types';

const RULE = 'unit.silence';

/** When a unit's silence started counting: its last position, or when it was assigned if later. */
export function silentSince(unit: UnitSeen, assignedSince: number): number {
  return Math.max(unit.position?.at ?? 0, assignedSince);
}

/** The timer: each assigned unit quiet for longer than the rule allows raises one alert. */
export function evaluateSilence(
  rules: ActiveRules,
  unit: UnitSeen,
  assignedSince: number | undefined,
  silenced: Set<string>,
  now: number,
): EngineAction[] {
  const rule = rules[RULE];
  if (!rule.enabled || assignedSince === undefined || silenced.has(unit.unitId)) return [];
  const since = silentSince(unit, assignedSince);
  if (now - since < rule.params.minutes * 60_000) return [];
  silenced.add(unit.unitId);
  const minutes = Math.floor((now - since) / 60_000);
  return [
    {
      type: 'raise',
      alert: {
        rule: RULE,
        subject: unit.unitId,
        severity: 'warning',
        title: `${unit.callsign} silent for ${minutes} min`,
        detail: `${unit.callsign} is on an active assignment (${unit.status}) and has sent no position for ${minutes} minutes.`,
        location: unit.position ? { lat: unit.position.lat, lon: unit.position.lon } : null,
        eventAt: since,
        ingestedAt: now,
        sources: [{ kind: 'unit', id: unit.unitId, name: unit.callsign, ...(unit.position ? { at: unit.position.at } : {}) }],
      },
    },
  ];
}

/** A unit heard from again (or off assignment) ends its silence alert. */
export function endSilence(unit: UnitSeen, silenced: Set<string>): EngineAction[] {
  if (!silenced.delete(unit.unitId)) return [];
  return [{ type: 'resolve', rule: RULE, subject: unit.unitId }];
}

export const isAssigned = (unit: UnitSeen) => ASSIGNED_STATUSES.includes(unit.status);
