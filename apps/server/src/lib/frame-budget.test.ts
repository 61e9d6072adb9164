import { describe, expect, it } from 'vitest';
import { FrameBudget } from './frame-budget';

describe('FrameBudget', () => {
  it('admits up to its maximum in a window and starts again when the window closes', () => {
    let now = 1_000;
    const budget = new FrameBudget(3, 10_000, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now += 9_999;
    expect(budget.take()).toBe(false);
    now += 1;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});
