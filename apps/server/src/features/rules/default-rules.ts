import { RULE_KINDS, RULE_PARAMS } from '@argus/contracts/http/rules';
import type { ActiveRules } from './engine.types';

/** Sensible parameters (close to what migration 0012 seeds): tests start from them, and a rule whose stored parameters do not parse falls back to them, switched off. */
export function defaultRules(): ActiveRules {
  const raw: Record<string, unknown> = {
    'zone.geofence': { minRisk: 'high', entities: ['unit', 'report'], dwellSeconds: 0, resolveOnExit: false },
    'report.burst': { category: null, count: 3, radiusM: 500, windowMinutes: 30 },
    'report.keywords': {
      lexicon: [
        { term: 'weapon', severity: 'critical' },
        { term: 'shots', severity: 'critical' },
        { term: 'explosion', severity: 'critical' },
        { term: 'fire', severity: 'warning' },
      ],
    },
    'unit.silence': { minutes: 10 },
    'detection.zone': {
      labels: ['person', 'car'],
      minScore: 0.35,
      minFrames: 3,
      loiterSeconds: 0,
      zoneKinds: ['restricted', 'ungoverned'],
      minRisk: 'low',
    },
    'zone.coverage': { zoneKinds: ['patrol'], unitKinds: ['patrol'], minutes: 15 },
  };
  return Object.fromEntries(
    RULE_KINDS.map((kind) => [kind, { name: kind, enabled: true, params: RULE_PARAMS[kind].parse(raw[kind]) }]),
  ) as ActiveRules;
}
