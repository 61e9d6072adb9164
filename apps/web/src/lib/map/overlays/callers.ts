import { pinnedLabelLayout } from '../fonts';
import type { Polygon } from 'geojson';
import type { CallerLink } from '@argus/contracts/http/caller-links';
import { pointFeature, type MapOverlay, type OverlayData, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS } from '../palette';

/** Callers are drawn in a blue of their own: not a unit, not an incident, a person waiting for help. */
export const CALLER_COLOUR = '#4dabf7';
const METRES_PER_DEGREE = 111_320;
const CIRCLE_STEPS = 48;

/** The circle `metres` around a point, as a polygon (an accuracy is in metres, whatever the zoom). */
export function accuracyCircle(lat: number, lon: number, metres: number): Polygon {
  const dLat = metres / METRES_PER_DEGREE;
  const dLon = metres / (METRES_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const ring = Array.from({ length: CIRCLE_STEPS + 1 }, (_, step) => {
    const angle = (2 * Math.PI * (step % CIRCLE_STEPS)) / CIRCLE_STEPS;
    return [lon + dLon * Math.cos(angle), lat + dLat * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [ring] };
}

const isPolygon = ['==', ['geometry-type'], 'Polygon'] as unknown as boolean;
const isPoint = ['==', ['geometry-type'], 'Point'] as unknown as boolean;
// A link no longer sharing (revoked, expired) keeps its last place, drawn fainter.
const faint = (active: number, inactive: number) => ['case', ['get', 'active'], active, inactive] as unknown as number;

const CALLER_LAYERS: OverlayLayer[] = [
  { id: 'accuracy', type: 'fill', filter: isPolygon, paint: { 'fill-color': CALLER_COLOUR, 'fill-opacity': faint(0.18, 0.06) } },
  {
    id: 'accuracy-edge',
    type: 'line',
    filter: isPolygon,
    paint: { 'line-color': CALLER_COLOUR, 'line-width': 1.5, 'line-opacity': faint(0.9, 0.4) },
  },
  {
    id: 'point',
    type: 'circle',
    filter: isPoint,
    paint: {
      'circle-radius': 6,
      'circle-color': CALLER_COLOUR,
      'circle-opacity': faint(1, 0.5),
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'label',
    type: 'symbol',
    filter: isPoint,
    layout: pinnedLabelLayout('top', 0.9),
    paint: { 'text-color': CALLER_COLOUR, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/**
 * Where callers said they are (docs/decisions/0046-caller-location-links.md): a point labelled
 * "Caller" with its accuracy, inside the circle the phone may be off by. Links with no position yet draw nothing.
 */
export function callersOverlay(links: readonly CallerLink[], id = 'callers'): MapOverlay {
  const data: OverlayData = { type: 'FeatureCollection', features: [] };
  for (const link of links) {
    const { position } = link;
    if (!position) continue;
    const active = link.state === 'live' || link.state === 'shared';
    const properties = { id: link.id, incidentId: link.incidentId, accuracy: position.accuracy, active };
    data.features.push({ type: 'Feature', geometry: accuracyCircle(position.lat, position.lon, position.accuracy), properties });
    data.features.push(pointFeature(position.lat, position.lon, { ...properties, label: `Caller ±${Math.round(position.accuracy)} m` }));
  }
  return { id, data, layers: CALLER_LAYERS, fit: false };
}
