import { describe, expect, it } from 'vitest';
import { parseTypedLocation } from './report-location';

describe('typed locations', () => {
  it('reads latitude and longitude with a comma or a space', () => {
    expect(parseTypedLocation('51.5072, -0.1276')).toEqual({ ok: true, point: { lat: 51.5072, lon: -0.1276 } });
    expect(parseTypedLocation(' -33.86 151.21 ')).toEqual({ ok: true, point: { lat: -33.86, lon: 151.21 } });
  });

  it('refuses latitudes and longitudes out of range', () => {
    expect(parseTypedLocation('91, 0').ok).toBe(false);
    expect(parseTypedLocation('0, 181').ok).toBe(false);
  });

  it('reads a grid reference', () => {
    const parsed = parseTypedLocation('30U XC 99311 10854');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.point.lat).toBeCloseTo(51.5, 1);
  });

  it('explains what it expects for anything else', () => {
    const parsed = parseTypedLocation('the old mill');
    expect(parsed).toMatchObject({ ok: false });
    if (!parsed.ok) expect(parsed.problem).toMatch(/latitude and longitude/);
    expect(parseTypedLocation('   ').ok).toBe(false);
  });
});
