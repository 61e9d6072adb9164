import { describe, expect, it } from 'vitest';
import { toActiveRules } from './threat-engine';
import type { RuleRow } from './rules.repository';
import type { RuleKind } from '@argus/contracts/http/rules';

const row = (id: RuleKind, params: unknown, enabled = 1): RuleRow => ({
  id,
  kind: id,
  name: `Rule ${id}`,
  enabled,
  params: JSON.stringify(params),
  updated_by: null,
  updated_at: 0,
});

describe('rules as the engine reads them', () => {
  it('takes stored parameters, and switches off a rule whose parameters no longer parse (or that is missing)', () => {
    const rules = toActiveRules([
      row('unit.silence', { minutes: 5 }),
      row('report.burst', { count: 'many' }),
      row('report.keywords', { lexicon: [{ term: 'gun', severity: 'critical' }] }, 0),
    ]);
    expect(rules['unit.silence']).toEqual({ name: 'Rule unit.silence', enabled: true, params: { minutes: 5 } });
    expect(rules['report.burst'].enabled).toBe(false);
    expect(rules['report.burst'].params.count).toBeGreaterThanOrEqual(2);
    expect(rules['report.keywords']).toMatchObject({ enabled: false, params: { lexicon: [{ term: 'gun', severity: 'critical' }] } });
    expect(rules['zone.geofence'].enabled).toBe(false);
  });
});
