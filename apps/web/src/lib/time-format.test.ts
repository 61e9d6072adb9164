import { describe, expect, it } from 'vitest';
import { clockTime, formatAge, formatClock, fullDateTime } from './time-format';

describe('formatAge', () => {
  it('grows from seconds to days', () => {
    const now = 1_000_000_000_000;
    expect(formatAge(now - 5_000, now)).toBe('just now');
    expect(formatAge(now - 40_000, now)).toBe('40 s ago');
    expect(formatAge(now - 12 * 60_000, now)).toBe('12 min ago');
    expect(formatAge(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatAge(now - 50 * 3_600_000, now)).toBe('2 d ago');
  });

  it('reads a time slightly in the future as just now', () => {
    expect(formatAge(2_000, 1_000)).toBe('just now');
  });
});

describe('formatClock', () => {
  it('uses the 24-hour clock and adds the date only for another day', () => {
    const afternoon = new Date(2024, 2, 3, 14, 2).getTime();
    expect(formatClock(afternoon, afternoon)).toMatch(/^14:02$/);
    const nextDay = new Date(2024, 2, 4, 9, 0).getTime();
    expect(formatClock(afternoon, nextDay)).toMatch(/3.*14:02$/);
  });
});

describe('clockTime', () => {
  it('reads hours and minutes, seconds when asked, on the 24-hour clock', () => {
    const evening = new Date(2024, 2, 3, 21, 5, 9).getTime();
    expect(clockTime(evening)).toMatch(/^21:05$/);
    expect(clockTime(evening, true)).toMatch(/^21:05:09$/);
  });
});

describe('fullDateTime', () => {
  it('gives the year, the day and a 24-hour time, with seconds when asked', () => {
    const at = new Date(2026, 10, 27, 0, 46, 9).getTime();
    expect(fullDateTime(at)).toMatch(/2026/);
    expect(fullDateTime(at)).toMatch(/27/);
    expect(fullDateTime(at)).toMatch(/00:46$/);
    expect(fullDateTime(at, true)).toMatch(/00:46:09$/);
  });
});
