import { describe, expect, it } from 'vitest';
import { FixedWindows } from './fixed-windows';

describe('FixedWindows', () => {
  it('counts each key in its own window and starts again when the window closes', () => {
    const windows = new FixedWindows(1000);
    expect([0, 100, 999].map((now) => windows.hit('a', now).count)).toEqual([1, 2, 3]);
    expect(windows.hit('b', 500)).toEqual({ count: 1, endsAt: 1500 });
    expect(windows.hit('a', 1000)).toEqual({ count: 1, endsAt: 2000 });
    expect(windows.hit('b', 1499).count).toBe(2);
  });

  it('keeps at most its capacity of keys, letting closed windows go first, then the oldest', () => {
    const windows = new FixedWindows(1000, 2);
    windows.hit('old', 0);
    windows.hit('recent', 600);
    // 'old' has closed: it makes room, and 'recent' keeps its count.
    windows.hit('new', 1200);
    expect(windows.hit('recent', 1300).count).toBe(2);
    // Both open: the oldest ('recent') goes, so it counts from one again.
    windows.hit('newer', 1400);
    expect(windows.hit('new', 1500).count).toBe(2);
    expect(windows.hit('recent', 1500).count).toBe(1);
  });

  it('lets go of the window opened first, not the key first seen', () => {
    const windows = new FixedWindows(1000, 2);
    windows.hit('early', 0);
    windows.hit('later', 500);
    // 'early' opens a new window at 1000, after 'later' opened its own.
    windows.hit('early', 1000);
    windows.hit('third', 1200);
    expect(windows.hit('early', 1300).count).toBe(2);
    expect(windows.hit('later', 1300).count).toBe(1);
  });
});
