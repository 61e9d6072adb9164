import { describe, expect, it } from 'vitest';
import { searchPlaceNames, type NamedFeatureInput } from './place-names';

const street = (name: string, coordinates: number[][], extra: Record<string, unknown> = {}): NamedFeatureInput => ({
  geometry: { type: 'LineString', coordinates },
  properties: { name, class: 'residential', ...extra },
  sourceLayer: 'transportation_name',
});

describe('searchPlaceNames', () => {
  it('finds a street by part of its name and places it at the middle of the line', () => {
    const [match] = searchPlaceNames(
      [
        street('Market Street', [
          [-122.28, 37.8],
          [-122.26, 37.8],
        ]),
      ],
      'market',
    );
    expect(match?.name).toBe('Market Street');
    expect(match?.kind).toBe('Street (residential)');
    expect(match?.point.lon).toBeCloseTo(-122.27, 4);
    expect(match?.point.lat).toBeCloseTo(37.8, 4);
  });

  it('places an area at its centre and a point where it is, naming what each is', () => {
    const matches = searchPlaceNames(
      [
        {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [2, 0],
                [2, 2],
                [0, 2],
                [0, 0],
              ],
            ],
          },
          properties: { name: 'Lake Merritt' },
          sourceLayer: 'water_name',
        },
        { geometry: { type: 'Point', coordinates: [5, 6] }, properties: { name: 'Merritt', kind: 'neighbourhood' }, sourceLayer: 'places' },
      ],
      'merritt',
    );
    expect(matches).toEqual([
      { name: 'Merritt', kind: 'Place (neighbourhood)', point: { lat: 6, lon: 5 } },
      { name: 'Lake Merritt', kind: 'Water', point: { lat: expect.closeTo(1, 6), lon: expect.closeTo(1, 6) } },
    ]);
  });

  it('ranks a whole-name match before a name starting with the text, before one containing it', () => {
    const names = searchPlaceNames(
      [
        street('West Grand Avenue', [
          [0, 0],
          [0.001, 0],
        ]),
        street('Grand Avenue', [
          [1, 1],
          [1.001, 1],
        ]),
        street('Grandview Drive', [
          [2, 2],
          [2.001, 2],
        ]),
      ],
      'grand avenue',
    ).map((match) => match.name);
    expect(names).toEqual(['Grand Avenue', 'West Grand Avenue']);
  });

  it('reads the Latin and English names too, ignoring case and accents', () => {
    const [match] = searchPlaceNames(
      [
        {
          geometry: { type: 'Point', coordinates: [2.35, 48.85] },
          properties: { name: 'Île de la Cité', 'name:en': 'City Island' },
          sourceLayer: 'place',
        },
      ],
      'ile de la cite',
    );
    expect(match?.name).toBe('Île de la Cité');
    expect(
      searchPlaceNames(
        [{ geometry: { type: 'Point', coordinates: [0, 0] }, properties: { name: 'Καφέ', name_en: 'Cafe Blue' } }],
        'blue',
      )[0]?.name,
    ).toBe('Καφέ');
  });

  it('makes one answer of a street cut into pieces, on its longest piece, and another of the same name far away', () => {
    const matches = searchPlaceNames(
      [
        street('Adeline Street', [
          [-122.28, 37.81],
          [-122.281, 37.81],
        ]),
        street('Adeline Street', [
          [-122.281, 37.81],
          [-122.29, 37.81],
        ]),
        street('Adeline Street', [
          [10, 50],
          [10.001, 50],
        ]),
      ],
      'adeline',
    );
    expect(matches).toHaveLength(2);
    const oakland = matches.find((match) => match.point.lon < 0);
    expect(oakland?.point.lon).toBeCloseTo(-122.2855, 3);
  });

  it('answers nothing for one letter, unnamed features or no match', () => {
    const features = [
      street('Market Street', [
        [0, 0],
        [1, 0],
      ]),
      { geometry: { type: 'Point' as const, coordinates: [0, 0] }, properties: { class: 'x' } },
    ];
    expect(searchPlaceNames(features, 'm')).toEqual([]);
    expect(searchPlaceNames(features, 'harbour')).toEqual([]);
    expect(searchPlaceNames([{ geometry: { type: 'Point', coordinates: [0, 0] }, properties: null }], 'market')).toEqual([]);
  });

  it('keeps to the limit', () => {
    const many = Array.from({ length: 20 }, (_, index) =>
      street(`Oak ${index}`, [
        [index, 0],
        [index + 0.001, 0],
      ]),
    );
    expect(searchPlaceNames(many, 'oak', 5)).toHaveLength(5);
  });
});
