import { describe, expect, it } from 'vitest';
import { coverageGeometry, coverageOverlay, coversWholeWorld } from './coverage';

describe('coverageGeometry', () => {
  it('is a closed box from west to east and south to north', () => {
    expect(coverageGeometry([-122.3, 37.8, -122.29, 37.81])).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-122.3, 37.8],
          [-122.29, 37.8],
          [-122.29, 37.81],
          [-122.3, 37.81],
          [-122.3, 37.8],
        ],
      ],
    });
  });

  it('stops at the edge of the Mercator map rather than the poles', () => {
    const geometry = coverageGeometry([-180, -90, 180, 90]);
    const latitudes = geometry.type === 'Polygon' ? geometry.coordinates[0]!.map(([, lat]) => lat) : [];
    expect(Math.max(...(latitudes as number[]))).toBeCloseTo(85.0511);
    expect(Math.min(...(latitudes as number[]))).toBeCloseTo(-85.0511);
  });

  it('splits a box across the antimeridian into one each side', () => {
    const geometry = coverageGeometry([170, -20, -170, -10]);
    expect(geometry.type).toBe('MultiPolygon');
    const rings = geometry.type === 'MultiPolygon' ? geometry.coordinates.map((polygon) => polygon[0]) : [];
    expect(rings.map((points) => [Math.min(...points!.map(([lon]) => lon!)), Math.max(...points!.map(([lon]) => lon!))])).toEqual([
      [170, 180],
      [-180, -170],
    ]);
  });
});

describe('coversWholeWorld', () => {
  it('is true for a planet archive and false for a city', () => {
    expect(coversWholeWorld([-180, -85.0511287798066, 180, 85.0511287798066])).toBe(true);
    expect(coversWholeWorld([-180, -90, 180, 90])).toBe(true);
    expect(coversWholeWorld([-122.3, 37.8, -122.29, 37.81])).toBe(false);
    expect(coversWholeWorld([-180, -60, 180, 85.06])).toBe(false);
  });
});

describe('coverageOverlay', () => {
  const areas = [
    { id: 'a', name: 'Oakland', bounds: [-122.3, 37.8, -122.29, 37.81] as const },
    { id: 'b', name: 'World', bounds: [-180, -85, 180, 85] as const },
  ];

  it('labels each area with its name and marks the chosen one, drawn last', () => {
    const overlay = coverageOverlay(areas, { selectedId: 'a' });
    expect(overlay.data.features.map((feature) => feature.properties)).toEqual([
      { id: 'b', name: 'World', selected: false },
      { id: 'a', name: 'Oakland', selected: true },
    ]);
    expect(overlay.layers.map((layer) => layer.type)).toEqual(['fill', 'line', 'symbol']);
  });

  it('marks none without a choice', () => {
    expect(coverageOverlay(areas).data.features.every((feature) => feature.properties.selected === false)).toBe(true);
  });
});
