import { describe, expect, it } from 'vitest';
import { nearestRank, percentilesOf, selectRank, valuesOf } from './analytics.sql';

const P50 = [1, 2] as const;
const P90 = [9, 10] as const;

/** The definition, spelled out: sort, then take the value at rank ceil(p·n). */
function bySorting(values: readonly number[], fractions: readonly (readonly [number, number])[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return fractions.map(([a, b]) => sorted[Math.ceil((a * values.length) / b) - 1]!);
}

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('nearest-rank percentiles by selection', () => {
  it('has no percentiles for no values', () => {
    expect(percentilesOf(new Float64Array(0), [P50, P90])).toBeUndefined();
  });

  it('gives the one value for every fraction when there is one', () => {
    expect(percentilesOf(Float64Array.of(42), [P50, P90, [3, 4]])).toEqual({ n: 1, values: [42, 42, 42] });
  });

  it('takes the lower middle for an even count and ceil(p·n) for the rest', () => {
    expect(percentilesOf(Float64Array.of(40, 10, 30, 20), [P50, [3, 4], P90])).toEqual({ n: 4, values: [20, 30, 40] });
    expect(
      percentilesOf(
        Float64Array.from({ length: 10 }, (_, i) => 10 - i),
        [P50, P90],
      ),
    ).toEqual({ n: 10, values: [5, 9] });
  });

  it('handles ties, negative values, fractions out of order and repeated fractions', () => {
    expect(percentilesOf(Float64Array.of(5, -1, 5, 5, 2, 5, -1), [P90, P50, P90])).toEqual({ n: 7, values: [5, 5, 5] });
    expect(percentilesOf(Float64Array.of(3, 3, 3, 3), [P50, P90])).toEqual({ n: 4, values: [3, 3] });
    expect(percentilesOf(Float64Array.of(0.25, -0.5, 0.1), [[1, 3], P50])).toEqual({ n: 3, values: [-0.5, 0.1] });
  });

  it('matches sorting on random, sorted, reversed and few-valued inputs', () => {
    const random = generator(7);
    const fractions = [P50, P90, [3, 4], [1, 100], [99, 100]] as const;
    for (const n of [2, 3, 5, 17, 100, 1001, 20_000]) {
      const shapes = {
        random: Array.from({ length: n }, () => Math.floor(random() * 1e6)),
        sorted: Array.from({ length: n }, (_, i) => i),
        reversed: Array.from({ length: n }, (_, i) => n - i),
        fewValues: Array.from({ length: n }, () => Math.floor(random() * 3)),
      };
      for (const [shape, values] of Object.entries(shapes)) {
        expect(percentilesOf(Float64Array.from(values), fractions)?.values, `${shape}, n = ${n}`).toEqual(bySorting(values, fractions));
      }
    }
  });

  it('leaves smaller values before the rank and larger ones after', () => {
    const random = generator(11);
    const values = Float64Array.from({ length: 5000 }, () => Math.floor(random() * 100));
    selectRank(values, 1234, 0, values.length - 1);
    const at = values[1234]!;
    expect(values.subarray(0, 1234).every((value) => value <= at)).toBe(true);
    expect(values.subarray(1235).every((value) => value >= at)).toBe(true);
  });

  it('computes the rank in integers, where floating point would round up', () => {
    // 0.07 · 100 is 7.000000000000001 in floating point, whose ceiling is 8.
    expect(Math.ceil(0.07 * 100)).toBe(8);
    expect(nearestRank(100, [7, 100])).toBe(7);
  });

  it('reads the aggregated values from JSON text, a parsed array, or NULL', () => {
    expect([...valuesOf('[3,1.5,2]')]).toEqual([3, 1.5, 2]);
    expect([...valuesOf([3, 1.5, 2])]).toEqual([3, 1.5, 2]);
    expect(valuesOf(null)).toHaveLength(0);
    expect(() => valuesOf('{"a":1}')).toThrow('JSON array');
  });
});
