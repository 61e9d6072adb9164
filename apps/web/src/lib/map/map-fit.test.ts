import { describe, expect, it } from 'vitest';
import type { MapOverlay, OverlayGeometry } from './overlay';
import { boundsOf } from './map-fit';

const overlayOf = (id: string, geometries: OverlayGeometry[], fit?: boolean): MapOverlay => ({
  id,
  layers: [],
  ...(fit === undefined ? {} : { fit }),
  data: {
    type: 'FeatureCollection',
    features: geometries.map((geometry, index) => ({ type: 'Feature', geometry, properties: { id: `${id}-${index}` } })),
  },
});

describe('the bounds a map is first fitted to', () => {
  it('spans every point, line and polygon of the overlays', () => {
    const overlays = [
      overlayOf('units', [{ type: 'Point', coordinates: [2, 48] }]),
      overlayOf('zones', [
        {
          type: 'Polygon',
          coordinates: [
            [
              [1, 47],
              [3, 47],
              [3, 49.5],
              [1, 47],
            ],
          ],
        },
        {
          type: 'LineString',
          coordinates: [
            [-1, 48],
            [2, 50],
          ],
        },
      ]),
    ];
    expect(boundsOf(overlays)).toEqual([
      [-1, 47],
      [3, 50],
    ]);
  });

  it('leaves out background overlays, and is null when nothing is left', () => {
    const background = overlayOf('zones', [{ type: 'Point', coordinates: [100, 10] }], false);
    expect(boundsOf([background, overlayOf('units', [{ type: 'Point', coordinates: [2, 48] }])])).toEqual([
      [2, 48],
      [2, 48],
    ]);
    expect(boundsOf([background, overlayOf('units', [])])).toBeNull();
  });
});
