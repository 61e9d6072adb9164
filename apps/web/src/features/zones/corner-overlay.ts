import { FONT_BOLD } from '../../lib/map/fonts';
import type { MapOverlay, OverlayData, OverlayLayer } from '../../lib/map/overlay';
import { SELECTED_COLOUR } from '../../lib/map/palette';
import type { Corners } from './zone-corners';

const CORNER_LAYERS: OverlayLayer[] = [
  {
    id: 'outline',
    type: 'line',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': SELECTED_COLOUR, 'line-width': 2, 'line-dasharray': [2, 2] },
  },
  {
    id: 'dot',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 4, 'circle-color': SELECTED_COLOUR, 'circle-stroke-color': '#0e1621', 'circle-stroke-width': 1 },
  },
  {
    id: 'number',
    type: 'symbol',
    filter: ['==', ['geometry-type'], 'Point'],
    layout: {
      'text-field': ['get', 'number'],
      'text-font': FONT_BOLD,
      'text-size': 13,
      'text-offset': [0.9, -0.9],
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    paint: { 'text-color': '#ffffff', 'text-halo-color': '#0e1621', 'text-halo-width': 2 },
  },
];

/**
 * The corners being edited, numbered as in the corner list, and a dashed line through them in
 * order: a typed corner is seen before there are three, and an outline that crosses itself shows
 * where (terra-draw will not hold one).
 */
export function cornersOverlay(corners: Corners): MapOverlay {
  const ring = corners.map((corner) => [corner.lon, corner.lat]);
  const outline: OverlayData['features'] =
    corners.length >= 2
      ? [
          {
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: corners.length >= 3 ? [...ring, ring[0] as number[]] : ring },
            properties: { id: 'outline' },
          },
        ]
      : [];
  return {
    id: 'zone-corners',
    data: {
      type: 'FeatureCollection',
      features: [
        ...outline,
        ...corners.map((corner, index) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [corner.lon, corner.lat] },
          properties: { id: String(index), number: String(index + 1) },
        })),
      ],
    },
    layers: CORNER_LAYERS,
  };
}
