import type { RuleKind } from './http/rules';

/**
 * What raises an alert (docs/decisions/0013-threat-rules-engine.md): each threat rule, whose id is the alert's `rule`, and
 * the two alerts raised outside the engine, a unit's SOS and a notice command publishes to the public.
 */
export const ALERTS_OUTSIDE_THE_ENGINE = ['unit.sos', 'public.notice'] as const;
export type AlertRuleId = RuleKind | (typeof ALERTS_OUTSIDE_THE_ENGINE)[number];

/**
 * Each rule's title, the words people see for it in analytics, alerts and the rules forms; the id stays for machines
 * (filters, CSV columns). The rules start named so (migrations 0012 and 0022); a name command gives a rule later is the
 * operation's own, and the title still says which rule it is.
 */
export const ALERT_RULE_TITLES: Record<AlertRuleId, string> = {
  'zone.geofence': 'Unit or report inside a high-risk zone',
  'report.burst': 'Burst of reports in one place',
  'report.keywords': 'Threat words in a report',
  'unit.silence': 'Unit on assignment gone silent',
  'detection.zone': 'Camera detection inside a restricted zone',
  'zone.coverage': 'Zone without an available unit of a kind',
  'unit.sos': 'SOS from a unit',
  'public.notice': 'Public notice',
};

const TITLES: Readonly<Record<string, string>> = ALERT_RULE_TITLES;

/** The title of an alert's rule, or its id for a rule this version does not know (an alert written by another version). */
export const alertRuleTitle = (rule: string): string => (Object.hasOwn(TITLES, rule) ? TITLES[rule]! : rule);
