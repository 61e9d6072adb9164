import { describe, expect, it } from 'vitest';
import { duplicateReasons } from './format';

describe('why a report is suggested as a duplicate', () => {
  it('says how near, how soon, whether the category agrees and which words are shared', () => {
    expect(duplicateReasons({ distanceM: 40, minutesApart: 3, sharedWords: ['smoke', 'warehouse'], sameCategory: true })).toBe(
      '40 m away · 3 min apart · same category · shares smoke, warehouse',
    );
    expect(duplicateReasons({ distanceM: 40, minutesApart: 3, sharedWords: [], sameCategory: true })).toContain('no words in common');
    expect(
      duplicateReasons({ distanceM: 40, minutesApart: 3, sharedWords: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'], sameCategory: false }),
    ).toContain('other category · shares a1, b2, c3, d4, e5…');
  });
});
