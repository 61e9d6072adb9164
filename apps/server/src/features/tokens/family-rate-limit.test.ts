import { describe, expect, it } from 'vitest';
import { FamilyRateLimit } from './family-rate-limit';

describe('FamilyRateLimit', () => {
  it('counts each family on its own and opens again after the window', () => {
    const limit = new FamilyRateLimit(3, 1000);
    expect([1, 2, 3].map(() => limit.take('a', 0))).toEqual([true, true, true]);
    expect(limit.take('a', 500)).toBe(false);
    // Another session behind the same carrier address is not affected.
    expect(limit.take('b', 500)).toBe(true);
    expect(limit.take('a', 1000)).toBe(true);
  });
});
