import { describe, expect, it } from 'vitest';
import { importPreviewOverlay } from './zones';

const bowTie = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2.36, 48.86],
      [2.38, 48.88],
      [2.38, 48.86],
      [2.36, 48.88],
      [2.36, 48.86],
    ],
  ],
};

describe('importPreviewOverlay', () => {
  it('draws a refused shape and a mark where its problem is, both linked to the feature', () => {
    const overlay = importPreviewOverlay(
      [
        {
          index: 3,
          status: 'invalid',
          geometry: bowTie,
          marks: [{ at: [2.37, 48.87], problem: 'self_intersection', label: 'Crosses itself' }],
        },
      ],
      3,
    );
    expect(overlay.data.features).toEqual([
      // Its rings as lines: MapLibre draws nothing of a polygon whose area is zero, and a bow tie's is.
      {
        type: 'Feature',
        geometry: { type: 'MultiLineString', coordinates: bowTie.coordinates },
        properties: { id: '3', status: 'invalid', selected: true },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [2.37, 48.87] },
        properties: { id: '3', status: 'invalid', selected: true, problem: 'self_intersection', label: 'Crosses itself' },
      },
    ]);
    // Refused outlines are dashed in a layer of their own; marks are never drawn as plain points.
    expect(overlay.layers.map((layer) => layer.id)).toEqual(['fill', 'line', 'refused', 'point', 'marker', 'marker-label']);
    expect(overlay.pickable).toContain('marker');
  });

  it('draws a shape that is imported as the polygon it is', () => {
    const overlay = importPreviewOverlay([{ index: 0, status: 'repaired', geometry: bowTie }], null);
    expect(overlay.data.features[0]?.geometry).toEqual(bowTie);
  });
});
