import { ALERT_SEVERITIES } from '@argus/contracts/alerts';
import { GEOFENCE_ENTITIES, RULE_PARAMS, type RuleKind } from '@argus/contracts/http/rules';
import { UNIT_KINDS } from '@argus/contracts/units';
import { RISK_LEVELS, ZONE_KINDS } from '@argus/contracts/zones';

/**
 * How each kind's parameters appear in the form. Vocabulary: a draft holds what the fields show
 * (text for numbers, lists as arrays); `toParams` turns it back into parameters, which are then
 * checked with the same schema the server uses.
 */
export type FieldSpec =
  | { key: string; label: string; type: 'number'; hint?: string; step?: number }
  | { key: string; label: string; type: 'text'; hint?: string }
  | { key: string; label: string; type: 'select'; options: readonly string[] }
  | { key: string; label: string; type: 'checkboxes'; options: readonly string[] }
  | { key: string; label: string; type: 'boolean' }
  | { key: string; label: string; type: 'list'; hint?: string }
  | { key: string; label: string; type: 'lexicon'; hint?: string };

export const RULE_FIELDS: Record<RuleKind, FieldSpec[]> = {
  'zone.geofence': [
    { key: 'minRisk', label: 'Zones at or above risk', type: 'select', options: RISK_LEVELS },
    { key: 'entities', label: 'Watch', type: 'checkboxes', options: GEOFENCE_ENTITIES },
    { key: 'dwellSeconds', label: 'Dwell time (seconds)', type: 'number', hint: '0 alerts on entry.' },
    { key: 'resolveOnExit', label: 'Resolve the alert when the unit leaves', type: 'boolean' },
  ],
  'report.burst': [
    { key: 'category', label: 'Category', type: 'text', hint: 'Empty counts each category on its own.' },
    { key: 'count', label: 'Reports (N)', type: 'number' },
    { key: 'radiusM', label: 'Within (metres)', type: 'number' },
    { key: 'windowMinutes', label: 'Within (minutes)', type: 'number' },
  ],
  'report.keywords': [
    {
      key: 'lexicon',
      label: 'Threat words',
      type: 'lexicon',
      hint: `One per line: word, then its severity (${ALERT_SEVERITIES.join(', ')}), e.g. "weapon: critical".`,
    },
  ],
  'unit.silence': [{ key: 'minutes', label: 'Silent for (minutes)', type: 'number', hint: 'Only units on an active assignment.' }],
  'detection.zone': [
    { key: 'labels', label: 'Objects', type: 'list', hint: 'Comma-separated, e.g. person, car.' },
    { key: 'minScore', label: 'Minimum score (0–1)', type: 'number', step: 0.05 },
    { key: 'minFrames', label: 'Consecutive frames', type: 'number' },
    { key: 'loiterSeconds', label: 'Loitering time (seconds)', type: 'number' },
    { key: 'zoneKinds', label: 'Zone kinds', type: 'checkboxes', options: ZONE_KINDS },
    { key: 'minRisk', label: 'Zones at or above risk', type: 'select', options: RISK_LEVELS },
  ],
  'zone.coverage': [
    { key: 'zoneKinds', label: 'Zone kinds', type: 'checkboxes', options: ZONE_KINDS },
    { key: 'unitKinds', label: 'Unit kinds (each on its own)', type: 'checkboxes', options: UNIT_KINDS },
    {
      key: 'minutes',
      label: 'Without one for (minutes)',
      type: 'number',
      hint: 'An available unit of the kind must be inside the zone; an alert per zone and kind after this long.',
    },
  ],
};

export type Draft = Record<string, string | boolean | string[]>;

export function toDraft(kind: RuleKind, params: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const field of RULE_FIELDS[kind]) {
    const value = params[field.key];
    if (field.type === 'boolean') draft[field.key] = value === true;
    else if (field.type === 'checkboxes') draft[field.key] = Array.isArray(value) ? value.map(String) : [];
    else if (field.type === 'list') draft[field.key] = Array.isArray(value) ? value.join(', ') : '';
    else if (field.type === 'lexicon')
      draft[field.key] = Array.isArray(value)
        ? (value as { term: string; severity: string }[]).map((entry) => `${entry.term}: ${entry.severity}`).join('\n')
        : '';
    else draft[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return draft;
}

function parseLexicon(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.lastIndexOf(':');
      return colon === -1
        ? { term: line, severity: 'warning' }
        : {
            term: line.slice(0, colon).trim(),
            severity: line
              .slice(colon + 1)
              .trim()
              .toLowerCase(),
          };
    });
}

/** The draft as parameters, checked by the rule's schema: the parameters, or the first problem in words. */
export function toParams(kind: RuleKind, draft: Draft): { ok: true; params: Record<string, unknown> } | { ok: false; message: string } {
  const params: Record<string, unknown> = {};
  for (const field of RULE_FIELDS[kind]) {
    const value = draft[field.key];
    if (field.type === 'number') params[field.key] = value === '' ? Number.NaN : Number(value);
    else if (field.type === 'text') params[field.key] = typeof value === 'string' && value.trim() ? value.trim() : null;
    else if (field.type === 'list')
      params[field.key] = String(value)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    else if (field.type === 'lexicon') params[field.key] = parseLexicon(String(value));
    else params[field.key] = value;
  }
  const parsed = RULE_PARAMS[kind].safeParse(params);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'These parameters are not valid.' };
  return { ok: true, params: parsed.data as Record<string, unknown> };
}
