import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from './distance';
import { COORDINATE_FORMATS, coordinateReadings, formatCoordinate } from './format-coordinate';
import { parseCoordinate } from './parse-coordinate';

const LONDON = { lat: 51.5072, lon: -0.1276 };

function read(text: string) {
  const parsed = parseCoordinate(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
  return parsed;
}

function expectNear(text: string, point: { lat: number; lon: number }, metres = 2) {
  expect(distanceMetres(read(text).point, point), text).toBeLessThan(metres);
}

describe('parseCoordinate: decimal degrees', () => {
  it.each([
    ['51.5072, -0.1276', LONDON],
    ['51.5072 -0.1276', LONDON],
    ['51.5072;-0.1276', LONDON],
    ['51.5072/-0.1276', LONDON],
    ['51,5072 -0,1276', LONDON],
    ['51,5072; -0,1276', LONDON],
    ['51.5072N 0.1276W', LONDON],
    ['N51.5072 W0.1276', LONDON],
    ['51.5072° N, 0.1276° W', LONDON],
    ['0.1276 W 51.5072 N', LONDON],
    ['+51.5072 −0.1276', LONDON],
    ['  51.5072   ,   -0.1276  ', LONDON],
    ['-33.8688, 151.2093', { lat: -33.8688, lon: 151.2093 }],
    ['33.8688 s 151.2093 e', { lat: -33.8688, lon: 151.2093 }],
    ['10,20', { lat: 10, lon: 20 }],
  ])('%s', (text, point) => {
    const parsed = read(text);
    expect(parsed.format).toBe('decimal');
    expect(parsed.point.lat).toBeCloseTo(point.lat, 6);
    expect(parsed.point.lon).toBeCloseTo(point.lon, 6);
  });

  it('reads the poles and the antimeridian', () => {
    expect(read('90, 180').point).toEqual({ lat: 90, lon: 180 });
    expect(read('90 S 180 W').point).toEqual({ lat: -90, lon: -180 });
    expect(read('-0, -0').point).toEqual({ lat: 0, lon: 0 });
  });
});

describe('parseCoordinate: degrees, minutes and seconds', () => {
  it.each([
    `51°30'26"N 0°7'39"W`,
    '51°30′26″N 0°07′39″W',
    '51° 30′ 26″ N, 0° 7′ 39″ W',
    `51°30'26''N 0°7'39''W`,
    '51 30 26 N 0 7 39 W',
    'N 51 30 26 W 0 7 39',
    '51d30m26sN 0d7m39sW',
    '51 deg 30 min 26 sec N 0 deg 7 min 39 sec W',
    `51°30'26" -0°7'39"`,
  ])('%s', (text) => {
    const parsed = read(text);
    expect(parsed.format).toBe('dms');
    expectNear(text, { lat: 51 + 30 / 60 + 26 / 3600, lon: -(7 / 60 + 39 / 3600) });
  });

  it('reads decimal minutes and the southern and western hemispheres', () => {
    expectNear('51 30.4333 N 0 7.65 W', { lat: 51 + 30.4333 / 60, lon: -7.65 / 60 });
    expectNear(`33°52'8"S 151°12'33"E`, { lat: -(33 + 52 / 60 + 8 / 3600), lon: 151 + 12 / 60 + 33 / 3600 });
    expectNear(`89°59'59.9"S 179°59'59.9"W`, { lat: -(90 - 0.1 / 3600), lon: -(180 - 0.1 / 3600) });
  });
});

describe('parseCoordinate: MGRS and UTM', () => {
  it('reads MGRS at any precision, with or without spaces', () => {
    expect(read('30U XC 99311 10854').format).toBe('mgrs');
    expectNear('30U XC 99311 10854', { lat: 51.5136, lon: -0.12748 }, 5);
    expectNear('30uxc9931110854', { lat: 51.5136, lon: -0.12748 }, 5);
    expectNear('30U XC 99 10', { lat: 51.51035, lon: -0.12496 }, 5);
  });

  it('reads southern-hemisphere MGRS and UTM', () => {
    const sydney = { lat: -33.8688, lon: 151.2093 };
    expectNear(formatCoordinate(sydney, 'mgrs'), sydney);
    expectNear(formatCoordinate(sydney, 'utm'), sydney);
    expect(formatCoordinate(sydney, 'utm')).toMatch(/^56H \d{6} \d{7}$/);
    expect(read(formatCoordinate(sydney, 'utm')).format).toBe('utm');
  });

  it('reads UTM with metre suffixes', () => {
    expectNear('30U 699311mE 5710854mN', read('30U 699311 5710854').point, 0.01);
  });

  it('refuses a UTM reading whose northing is outside its band', () => {
    const parsed = parseCoordinate('30N 699311 5710854');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/band U, not N/);
  });
});

describe('parseCoordinate refuses nonsense with a reason', () => {
  it.each([
    '',
    '   ',
    'hello',
    '51.5',
    '91, 0',
    '0, 181',
    '-91 0',
    '51 30 26 0 7 39',
    '51.5 N 0.12 N',
    '51.5 E 0.12 W',
    '-51.5 S 0.12 E',
    `51°61'N 0°W`,
    `51°30'60"N 0°W`,
    '51.5 30 N 0 W',
    '51.5,,0.12',
    ', 51 0',
    'N',
    '51 N S 0',
    '61U XC 12345 12345',
    '30U XC 123 12',
    '30U 99999 5710854',
    '61U 699311 5710854',
    '30I 699311 5710854',
    '1e3, 5',
    'NaN, NaN',
    'Infinity 0',
    '0x10 0x10',
    '51.5072, -0.1276; drop table incidents',
    '<script>alert(1)</script>',
    'the old mill',
    '1'.repeat(200),
    '٥١ ٠',
  ])('%j', (text) => {
    const parsed = parseCoordinate(text);
    expect(parsed.ok, text).toBe(false);
    if (!parsed.ok) expect(parsed.problem.length).toBeGreaterThan(10);
  });

  it('reads a grid square past its zone’s edge as the place across the antimeridian', () => {
    const parsed = parseCoordinate('1CAA');
    expect(parsed.ok && parsed.point.lon).toBeCloseTo(173.1, 1);
  });

  it('never throws and never returns a point outside the globe', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const parsed = parseCoordinate(text);
        if (parsed.ok) {
          expect(Math.abs(parsed.point.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(parsed.point.lon)).toBeLessThanOrEqual(180);
        }
      }),
    );
  });
});

describe('formatCoordinate', () => {
  it('keeps the decimal reading shown before there was a choice', () => {
    expect(formatCoordinate({ lat: 38.7069, lon: -9.1357 }, 'decimal')).toBe('38.70690° N 9.13570° W');
  });

  it('writes DMS with carried rounding, and the grids', () => {
    expect(formatCoordinate(LONDON, 'dms')).toBe('51°30′25.9″ N 000°07′39.4″ W');
    expect(formatCoordinate({ lat: 0.99999999, lon: 0 }, 'dms')).toBe('01°00′00.0″ N 000°00′00.0″ E');
    expect(formatCoordinate(LONDON, 'mgrs')).toMatch(/^30U XC \d{5} \d{5}$/);
    expect(formatCoordinate(LONDON, 'utm')).toMatch(/^30U \d{6} \d{7}$/);
  });

  it('says where a grid does not reach', () => {
    expect(formatCoordinate({ lat: 89, lon: 0 }, 'mgrs')).toBe('outside the MGRS grid');
    expect(formatCoordinate({ lat: -85, lon: 0 }, 'utm')).toBe('outside the UTM grid');
  });

  it('reads back every format to within two metres, all over the grid', () => {
    const inside = fc.record({
      lat: fc.double({ min: -79.9, max: 83.9, noNaN: true }),
      lon: fc.double({ min: -179.999, max: 179.999, noNaN: true }),
    });
    fc.assert(
      fc.property(inside, fc.constantFrom(...COORDINATE_FORMATS), (point, format) => {
        const text = formatCoordinate(point, format);
        const parsed = parseCoordinate(text);
        expect(parsed.ok, text).toBe(true);
        if (parsed.ok) expect(distanceMetres(parsed.point, point), text).toBeLessThan(format === 'mgrs' || format === 'utm' ? 2 : 4);
      }),
      { numRuns: 400 },
    );
  });

  it('puts the preferred reading first and the other grid second', () => {
    expect(coordinateReadings(LONDON, 'decimal').map((reading) => reading.name)).toEqual(['Lat/lon', 'MGRS']);
    expect(coordinateReadings(LONDON, 'mgrs').map((reading) => reading.name)).toEqual(['MGRS', 'Lat/lon']);
    expect(coordinateReadings(LONDON, 'utm').map((reading) => reading.name)).toEqual(['UTM', 'MGRS']);
  });
});
