import { describe, expect, it } from 'vitest';
import { POSITION_THROTTLE, shouldPostFix } from './position-throttle';

const start = { lat: 51.5, lon: -0.12, at: 100_000 };
/** About `metres` north of the start. */
const north = (metres: number, after: number) => ({ lat: start.lat + metres / 111_320, lon: start.lon, at: start.at + after });

describe('position throttle', () => {
  it('posts the first fix', () => {
    expect(shouldPostFix(null, start)).toBe(true);
  });

  it('posts after 10 s even standing still', () => {
    expect(shouldPostFix(start, north(0, POSITION_THROTTLE.intervalMs - 1))).toBe(false);
    expect(shouldPostFix(start, north(0, POSITION_THROTTLE.intervalMs))).toBe(true);
  });

  it('posts sooner after moving 25 m', () => {
    expect(shouldPostFix(start, north(20, 3_000))).toBe(false);
    expect(shouldPostFix(start, north(30, 3_000))).toBe(true);
  });

  it('never posts twice within 2 s, however fast the unit moves', () => {
    expect(shouldPostFix(start, north(60, 1_000))).toBe(false);
  });
});
