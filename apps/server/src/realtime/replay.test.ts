import { describe, expect, it } from 'vitest';
import { ReplayLog, seqBase, type ReplayLimits } from './replay';

const T0 = Date.UTC(2026, 0, 1);
const limits = { maxEvents: 5, maxEntityEvents: 2, maxAgeMs: 60_000, maxBytes: 1_000_000 };

function logWith(count: number, at = T0) {
  const log = new ReplayLog(limits);
  for (let i = 1; i <= count; i += 1) log.append('units', at, (seq) => `event ${i} as ${seq}`);
  return log;
}

describe('replay log', () => {
  it('numbers a channel from the time it was first used, one after another', () => {
    const log = new ReplayLog(limits);
    expect(log.append('units', T0, String).seq).toBe(seqBase(T0) + 1);
    expect(log.append('units', T0 + 5, String).seq).toBe(seqBase(T0) + 2);
    expect(log.append('incidents', T0 + 9, String).seq).toBe(seqBase(T0 + 9) + 1);
  });

  it('answers what a client missed, in order, and nothing when it is up to date or new', () => {
    const log = logWith(4);
    const base = seqBase(T0);
    expect(log.read('units', base + 1, T0)).toEqual({
      kind: 'frames',
      seq: base + 4,
      frames: [2, 3, 4].map((i) => ({ channel: 'units', seq: base + i, text: `event ${i} as ${base + i}` })),
    });
    expect(log.read('units', base + 4, T0)).toEqual({ kind: 'frames', seq: base + 4, frames: [] });
    expect(log.read('units', undefined, T0)).toEqual({ kind: 'frames', seq: base + 4, frames: [] });
    // A channel no one has used starts numbering when first read, and its first event follows on.
    expect(log.read('alerts', undefined, T0 + 7)).toEqual({ kind: 'frames', seq: seqBase(T0 + 7), frames: [] });
    expect(log.append('alerts', T0 + 9, String).seq).toBe(seqBase(T0 + 7) + 1);
  });

  it('resets a client further behind than the log keeps', () => {
    const log = logWith(8);
    const base = seqBase(T0);
    expect(log.read('units', base + 3, T0).kind).toBe('frames');
    expect(log.read('units', base + 2, T0)).toEqual({ kind: 'reset', seq: base + 8 });
    expect(log.read('units', 0, T0)).toEqual({ kind: 'reset', seq: base + 8 });
  });

  it('resets a client whose missed events are older than the age limit, and forgets them when pruned', () => {
    const log = logWith(3);
    const base = seqBase(T0);
    expect(log.read('units', base, T0 + 60_000).kind).toBe('frames');
    expect(log.read('units', base, T0 + 60_001)).toEqual({ kind: 'reset', seq: base + 3 });
    log.prune(T0 + 60_001);
    expect(log.read('units', base + 3, T0 + 60_001)).toEqual({ kind: 'frames', seq: base + 3, frames: [] });
    expect(log.read('units', base + 2, T0)).toEqual({ kind: 'reset', seq: base + 3 });
    expect(log.append('units', T0 + 70_000, String).seq).toBe(base + 4);
  });

  it('keeps fewer events for one entity’s channel than for a shared one', () => {
    const log = new ReplayLog(limits);
    for (let i = 0; i < 3; i += 1) log.append('unit:u1', T0, String);
    const base = seqBase(T0);
    expect(log.read('unit:u1', base + 1, T0).kind).toBe('frames');
    expect(log.read('unit:u1', base, T0)).toEqual({ kind: 'reset', seq: base + 3 });
  });

  it('keeps all channels together within the byte budget, narrowing the window kept and widening it again', () => {
    // A hundred units reporting a 1 kB frame every second: about ten seconds fit the budget.
    const tight: ReplayLimits = { ...limits, maxEntityEvents: 1000, maxBytes: 1_000_000 };
    const log = new ReplayLog(tight);
    const frame = 'x'.repeat(1000);
    const oneSecond = 100 * frame.length;
    for (let second = 0; second < 60; second += 1) {
      for (let unit = 0; unit < 100; unit += 1) log.append(`unit:u${unit}`, T0 + second * 1000, () => frame);
      expect(log.keptSize).toBeLessThanOrEqual(tight.maxBytes + oneSecond);
    }
    const now = T0 + 59_000;
    expect(log.read('unit:u7', seqBase(T0) + 57, now).kind).toBe('frames');
    expect(log.read('unit:u7', seqBase(T0) + 30, now).kind).toBe('reset');

    // Quiet again: pruning forgets what is past the window, and the window grows back.
    log.prune(now + 60_000);
    expect(log.keptSize).toBe(0);
    for (let i = 0; i < 4; i += 1) log.prune(now + 60_000);
    log.append('unit:u1', now + 60_000, () => frame);
    log.append('unit:u1', now + 100_000, () => frame);
    expect(log.read('unit:u1', seqBase(T0) + 60, now + 100_000).kind).toBe('frames');
  });

  it('resets a client holding a number from before a restart', () => {
    const before = logWith(50, T0);
    const held = before.read('units', undefined, T0).seq;
    const after = logWith(2, T0 + 1000);
    expect(after.read('units', held, T0 + 1000)).toEqual({ kind: 'reset', seq: seqBase(T0 + 1000) + 2 });
    expect(after.read('units', held + 1_000_000_000, T0 + 1000).kind).toBe('reset');
  });
});
