import { describe, expect, it } from 'vitest';
import { cotTime } from './cot-time';

/** What Date.parse makes of a text, NaN for nothing: the fast path must agree on every one. */
const parsed = (text: string | undefined) => {
  const value = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(value) ? value : Number.NaN;
};

describe('reading a CoT time', () => {
  it.each([
    '2026-11-28T08:22:25.123Z',
    '2026-11-28T08:22:25Z',
    '2024-02-29T23:59:59.999Z',
    // Date.parse rolls a day past the month's end over, as Date.UTC does.
    '2026-02-30T00:00:00Z',
    '2026-04-31T12:00:00.000Z',
    '0099-01-01T00:00:00Z',
    '0100-01-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T24:00:01Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-00-01T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-32T00:00:00Z',
    '2026-01-01T00:00:00.1Z',
    '2026-01-01T00:00:00.12Z',
    '2026-01-01T00:00:00.12345Z',
    '2026-01-01T00:00:00+02:00',
    '2026-01-01T00:00:00.000+02:00',
    '2026-01-01t00:00:00z',
    '2026-01-01 00:00:00Z',
    '2026-1-01T00:00:00.000Z',
    '2026-01-01T00:00:0x.000Z',
    '2026-01-01T00:00:00,000Z',
    '2026-01-01T-1:00:00.000Z',
    '+02026-01-01T00:00:00Z',
    'Sat, 28 Nov 2026 08:22:25 GMT',
    'yesterday',
    '',
    undefined,
  ])('reads %s as Date.parse does', (text) => {
    expect(cotTime(text)).toEqual(parsed(text));
  });

  it('agrees with Date.parse on every field of generated times', () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    let seed = 7;
    const next = (below: number) => {
      // Park and Miller's generator: its product stays below 2 ** 53, so every bit of the state moves.
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    for (let index = 0; index < 5_000; index += 1) {
      const fields = [pad(next(10_000), 4), pad(next(14), 2), pad(next(33), 2), pad(next(26), 2), pad(next(62), 2), pad(next(62), 2)];
      const text = `${fields[0]}-${fields[1]}-${fields[2]}T${fields[3]}:${fields[4]}:${fields[5]}${next(2) ? `.${pad(next(1000), 3)}` : ''}Z`;
      expect(cotTime(text), text).toEqual(parsed(text));
    }
  });

  it('agrees with Date.parse on a stream of times of one day, and of the days either side', () => {
    const start = Date.parse('2026-02-28T00:00:00Z');
    for (let at = start - 3_600_000; at < start + 2 * 86_400_000; at += 997_777) {
      for (const text of [new Date(at).toISOString(), new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z'), '2026-03-01T00:00:00.000Z']) {
        expect(cotTime(text), text).toEqual(parsed(text));
      }
    }
  });
});
