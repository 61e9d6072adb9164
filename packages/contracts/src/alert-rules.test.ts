import { describe, expect, it } from 'vitest';
import { ALERTS_OUTSIDE_THE_ENGINE, ALERT_RULE_TITLES, alertRuleTitle } from './alert-rules';
import { RULE_KINDS } from './http/rules';

describe('alert rule titles', () => {
  it('give every threat rule and every alert raised outside the engine a title in words, each its own', () => {
    const ids = [...RULE_KINDS, ...ALERTS_OUTSIDE_THE_ENGINE];
    for (const id of ids) expect(alertRuleTitle(id), id).not.toBe(id);
    const titles = ids.map((id) => ALERT_RULE_TITLES[id]);
    for (const title of titles) expect(title).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z-]+)*$/);
    expect(new Set(titles).size).toBe(titles.length);
    expect(Object.keys(ALERT_RULE_TITLES).sort()).toEqual([...ids].sort());
  });

  it('fall back to the id for a rule this version does not know', () => {
    expect(alertRuleTitle('zone.someday')).toBe('zone.someday');
    expect(alertRuleTitle('toString')).toBe('toString');
  });
});
