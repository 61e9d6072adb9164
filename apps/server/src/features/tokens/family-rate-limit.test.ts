import { describe, expect, it } from 'vitest';
import { InProcessRateWindows } from '../../lib/rate-windows';
import { FamilyRateLimit } from './family-rate-limit';

describe('FamilyRateLimit', () => {
  it('counts each family on its own and opens again after the window', async () => {
    const limit = new FamilyRateLimit(new InProcessRateWindows(), 3, 1000);
    expect(await Promise.all([1, 2, 3].map(() => limit.take('a', 0)))).toEqual([true, true, true]);
    expect(await limit.take('a', 500)).toBe(false);
    // Another session behind the same carrier address is not affected.
    expect(await limit.take('b', 500)).toBe(true);
    expect(await limit.take('a', 1000)).toBe(true);
  });
});
