import { z } from 'zod';
import { ALERT_SEVERITIES } from '../alerts';
import { UNIT_KINDS } from '../units';
import { RISK_LEVELS, ZONE_KINDS } from '../zones';
import { Timestamp } from './common';
import { singleLineText } from './text';

/**
 * Threat rules (docs/decisions/0013-threat-rules-engine.md): one row per rule, its parameters validated by a schema per
 * kind. The rule's id is also the `rule` of the alerts it raises.
 */
export const RULE_KINDS = ['zone.geofence', 'report.burst', 'report.keywords', 'unit.silence', 'detection.zone', 'zone.coverage'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const GEOFENCE_ENTITIES = ['unit', 'report'] as const;

const Minutes = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number of minutes.` })
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} is at most ${max} minutes.`);
const Seconds = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number of seconds.` })
    .int(`${what} must be whole seconds.`)
    .min(0, `${what} cannot be negative.`)
    .max(max, `${what} is at most ${max} seconds.`);

export const GeofenceParams = z.strictObject({
  /** Zones at or above this risk level are watched. */
  minRisk: z.enum(RISK_LEVELS, { error: `minRisk must be one of ${RISK_LEVELS.join(', ')}.` }),
  entities: z
    .array(z.enum(GEOFENCE_ENTITIES, { error: `entities are ${GEOFENCE_ENTITIES.join(', ')}.` }))
    .min(1, 'Watch at least one kind of entity.'),
  /** How long a unit stays inside before the alert; 0 alerts on entry. */
  dwellSeconds: Seconds('dwellSeconds', 86_400),
  /** Leaving the zone resolves the alert, or only records the exit on it. */
  resolveOnExit: z.boolean(),
});

export const BurstParams = z.strictObject({
  /** Only reports of this category count; null counts each category separately. */
  category: singleLineText().min(1).max(60).nullable(),
  count: z.number().int('count must be a whole number.').min(2, 'A burst is at least 2 reports.').max(1000, 'count is at most 1000.'),
  radiusM: z.number().min(10, 'radiusM is at least 10 m.').max(50_000, 'radiusM is at most 50 km.'),
  windowMinutes: Minutes('windowMinutes', 1440).refine((value) => value > 0, 'windowMinutes must be more than 0.'),
});

export const KeywordTerm = z.strictObject({
  term: singleLineText().toLowerCase().min(2, 'A term has at least 2 letters.').max(60, 'A term is at most 60 characters.'),
  severity: z.enum(ALERT_SEVERITIES, { error: `severity must be one of ${ALERT_SEVERITIES.join(', ')}.` }),
});
export const KeywordsParams = z.strictObject({
  lexicon: z.array(KeywordTerm).min(1, 'The lexicon needs at least one term.').max(500, 'The lexicon holds at most 500 terms.'),
});

export const UnitSilenceParams = z.strictObject({
  /** A unit on an active assignment that sends no position for this long raises an alert. */
  minutes: Minutes('minutes', 1440).refine((value) => value >= 1, 'minutes must be at least 1.'),
});

export const DetectionZoneParams = z.strictObject({
  labels: z.array(singleLineText().toLowerCase().min(1).max(40)).min(1, 'Watch at least one label.').max(100),
  minScore: z.number().min(0, 'minScore is between 0 and 1.').max(1, 'minScore is between 0 and 1.'),
  /** Consecutive frames with the object before it counts as present (inertia against flicker). */
  minFrames: z.number().int().min(1, 'minFrames is at least 1.').max(100, 'minFrames is at most 100.'),
  /** How long the object stays before the alert (loitering); 0 alerts once present. */
  loiterSeconds: Seconds('loiterSeconds', 3600),
  zoneKinds: z.array(z.enum(ZONE_KINDS, { error: `zoneKinds are ${ZONE_KINDS.join(', ')}.` })).min(1, 'Watch at least one kind of zone.'),
  minRisk: z.enum(RISK_LEVELS, { error: `minRisk must be one of ${RISK_LEVELS.join(', ')}.` }),
});

/**
 * Coverage (docs/decisions/0038-coverage-rule.md): a watched zone with no available unit of a kind
 * inside it for longer than `minutes` raises an alert, one per zone and unit kind, resolved when
 * such a unit is inside again.
 */
export const CoverageParams = z.strictObject({
  zoneKinds: z.array(z.enum(ZONE_KINDS, { error: `zoneKinds are ${ZONE_KINDS.join(', ')}.` })).min(1, 'Watch at least one kind of zone.'),
  unitKinds: z.array(z.enum(UNIT_KINDS, { error: `unitKinds are ${UNIT_KINDS.join(', ')}.` })).min(1, 'Watch at least one kind of unit.'),
  minutes: Minutes('minutes', 1440).refine((value) => value >= 1, 'minutes must be at least 1.'),
});

/** The schema of each kind's parameters. */
export const RULE_PARAMS = {
  'zone.geofence': GeofenceParams,
  'report.burst': BurstParams,
  'report.keywords': KeywordsParams,
  'unit.silence': UnitSilenceParams,
  'detection.zone': DetectionZoneParams,
  'zone.coverage': CoverageParams,
} as const satisfies Record<RuleKind, z.ZodType>;

export type RuleParams = { [K in RuleKind]: z.infer<(typeof RULE_PARAMS)[K]> };

export const Rule = z.object({
  id: z.string(),
  kind: z.enum(RULE_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  params: z.record(z.string(), z.unknown()),
  updatedBy: z.string().nullable(),
  updatedAt: Timestamp,
});
export type Rule = z.infer<typeof Rule>;

export const RuleListResponse = z.object({ rules: z.array(Rule) });
export const RuleResponse = z.object({ rule: Rule });
export const RuleParamsPath = z.object({ id: z.enum(RULE_KINDS, { error: 'No such rule.' }) });

/** Parameters are checked against the rule's kind on the server (RULE_PARAMS). */
export const UpdateRuleRequest = z.strictObject({
  enabled: z.boolean().optional(),
  name: singleLineText().min(1, 'Enter a name.').max(100, 'The name is too long.').optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
