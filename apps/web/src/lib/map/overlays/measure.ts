import type { MapOverlay, OverlayData, OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

const MEASURE_LAYERS: OverlayLayer[] = [
  {
    id: 'line',
    type: 'line',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': SELECTED_COLOUR, 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
  },
  {
    id: 'ends',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 5, 'circle-color': SELECTED_COLOUR, 'circle-stroke-color': BASEMAP_COLOURS.halo, 'circle-stroke-width': 1.5 },
  },
];

/** A measured range: its two ends and the straight line between them (the line only once both are chosen). */
export function measureOverlay(from: { lat: number; lon: number } | null, to: { lat: number; lon: number } | null): MapOverlay {
  const data: OverlayData = { type: 'FeatureCollection', features: [] };
  for (const [name, point] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (point)
      data.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.lon, point.lat] }, properties: { id: name } });
  }
  if (from && to) {
    data.features.push({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [from.lon, from.lat],
          [to.lon, to.lat],
        ],
      },
      properties: { id: 'range' },
    });
  }
  // Not fitted: measuring must never move the view.
  return { id: 'measure', data, layers: MEASURE_LAYERS, fit: false };
}
