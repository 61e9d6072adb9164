import { describe, expect, it } from 'vitest';
import { ALERT_RULE_TITLES } from '@argus/contracts/alert-rules';
import { quotedStrings, serverSources } from './source-scan';

describe('the titles of alert rules', () => {
  it('name every rule the server raises an alert for, so analytics and alerts show words rather than ids', () => {
    // An alert's rule is written where it is raised (`rule: '…'`) or named once in a rule's module (`const RULE = '…'`).
    const rules = serverSources().flatMap((text) =>
      [...text.matchAll(/\b(?:rule:|const RULE(?:: \w+)? =) ('[^']*')/g)].flatMap((match) => quotedStrings(match[1]!)),
    );
    // Every rule raises alerts somewhere, and SOS and public notices too; a reader that found few would prove nothing.
    expect(new Set(rules).size).toBeGreaterThanOrEqual(8);
    expect(rules.filter((rule) => !Object.hasOwn(ALERT_RULE_TITLES, rule))).toEqual([]);
  });
});
