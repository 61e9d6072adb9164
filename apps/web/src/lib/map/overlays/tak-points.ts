import { pinnedLabelLayout } from '../fonts';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { featureCollection, pointFeature, type MapOverlay, type OverlayFeature, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, TAK_CONTACT_COLOUR } from '../palette';

/** A point is on the map until the time its device said it goes stale. */
export function isTakPointCurrent(point: TakPoint, now: number): boolean {
  return point.staleAt > now;
}

const TAK_POINT_LAYERS: OverlayLayer[] = [
  {
    // A dot filled in the marker's own colour, ringed dark so white and yellow markers show on any basemap.
    id: 'point',
    type: 'circle',
    paint: {
      'circle-radius': 7,
      'circle-color': ['get', 'colour'] as unknown as string,
      'circle-stroke-color': BASEMAP_COLOURS.halo,
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'label',
    type: 'symbol',
    layout: pinnedLabelLayout('top', 0.9),
    paint: {
      // Light, not the marker's colour: a dark blue or black callsign would vanish on the dark basemap.
      'text-color': BASEMAP_COLOURS.label,
      'text-halo-color': BASEMAP_COLOURS.halo,
      'text-halo-width': 1.5,
    },
  },
];

/**
 * Points TAK devices placed (spot maps, waypoints, checkpoints; docs/decisions/0072-tak-map-points.md):
 * a dot in the marker's own colour, labelled with its callsign as the device shows it. A marker with
 * no colour takes the TAK devices' violet. Stale ones are left off.
 */
export function takPointsOverlay(points: readonly TakPoint[], now: number, id = 'tak-points'): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const point of points) {
    if (!isTakPointCurrent(point, now)) continue;
    features.push(
      pointFeature(point.location.lat, point.location.lon, {
        id: point.uid,
        label: point.callsign,
        colour: point.colour ?? TAK_CONTACT_COLOUR,
      }),
    );
  }
  return { id, data: featureCollection(features), layers: TAK_POINT_LAYERS, pickable: ['point', 'label'], fit: false };
}
