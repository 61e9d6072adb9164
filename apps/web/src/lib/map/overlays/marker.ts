import { pinnedLabelLayout } from '../fonts';
import { featureCollection, pointFeature, type MapOverlay, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

const MARKER_LAYERS: OverlayLayer[] = [
  {
    id: 'ring',
    type: 'circle',
    paint: { 'circle-radius': 12, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  { id: 'dot', type: 'circle', paint: { 'circle-radius': 3, 'circle-color': SELECTED_COLOUR } },
  {
    id: 'label',
    type: 'symbol',
    layout: pinnedLabelLayout('bottom', -1.3),
    paint: { 'text-color': SELECTED_COLOUR, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/** One gold marker: a place being chosen (a new incident, a report's location). Empty when there is none. */
export function markerOverlay(point: { lat: number; lon: number } | null, label: string, id = 'marker'): MapOverlay {
  return { id, data: featureCollection(point ? [pointFeature(point.lat, point.lon, { id, label })] : []), layers: MARKER_LAYERS };
}
