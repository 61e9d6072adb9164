import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, distanceMetres, formatDistance } from './distance';
import { formatMgrs, parseMgrs } from './mgrs';

describe('MGRS', () => {
  it('formats a point in grouped form and reads it back to within a metre', () => {
    const london = { lat: 51.5072, lon: -0.1276 };
    const reference = formatMgrs(london)!;
    expect(reference).toMatch(/^30U XC \d{5} \d{5}$/);
    const parsed = parseMgrs(reference);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(distanceMetres(parsed.point, london)).toBeLessThan(2);
  });

  it('accepts lower case and no spaces', () => {
    expect(parseMgrs('30uxc9931110854').ok).toBe(true);
  });

  it('refuses what the library would turn into a point', () => {
    for (const bad of ['', 'ZZZ', '61U XC 12345 12345', '30I XC 1 1', '30U XC 123 12', '30U IO 12345 12345', 'hello']) {
      expect(parseMgrs(bad).ok, bad).toBe(false);
    }
  });

  it('has no reference for the poles', () => {
    expect(formatMgrs({ lat: 89, lon: 0 })).toBeNull();
  });
});

describe('distance and bearing', () => {
  it('measures London to Paris', () => {
    const km = distanceMetres({ lat: 51.5072, lon: -0.1276 }, { lat: 48.8566, lon: 2.3522 }) / 1000;
    expect(km).toBeGreaterThan(340);
    expect(km).toBeLessThan(345);
  });

  it('gives bearings clockwise from north and their compass words', () => {
    expect(Math.round(bearingDegrees({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }))).toBe(0);
    expect(Math.round(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: -1 }))).toBe(270);
    expect(compassPoint(44)).toBe('NE');
    expect(compassPoint(359)).toBe('N');
  });

  it('formats distances for reading', () => {
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(1234)).toBe('1.23 km');
    expect(formatDistance(12_400)).toBe('12.4 km');
  });
});
