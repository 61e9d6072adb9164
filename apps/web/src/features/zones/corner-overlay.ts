import { FONT_BOLD } from '../../lib/map/fonts';
import type { MapOverlay, OverlayLayer } from '../../lib/map/overlay';
import { SELECTED_COLOUR } from '../../lib/map/palette';
import type { Corners } from './zone-corners';

const CORNER_LAYERS: OverlayLayer[] = [
  {
    id: 'dot',
    type: 'circle',
    paint: { 'circle-radius': 4, 'circle-color': SELECTED_COLOUR, 'circle-stroke-color': '#0e1621', 'circle-stroke-width': 1 },
  },
  {
    id: 'number',
    type: 'symbol',
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

/** The corners being edited, numbered as in the corner list, so a typed corner is seen even before there are three. */
export function cornersOverlay(corners: Corners): MapOverlay {
  return {
    id: 'zone-corners',
    data: {
      type: 'FeatureCollection',
      features: corners.map((corner, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [corner.lon, corner.lat] },
        properties: { id: String(index), number: String(index + 1) },
      })),
    },
    layers: CORNER_LAYERS,
  };
}
