import type { Alert } from '@argus/contracts/http/alerts';
import { FONT_REGULAR } from '../fonts';
import { alertImage } from '../symbols';
import { featureCollection, pointFeature, type MapOverlay, type OverlayFeature, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS } from '../palette';

const ALERT_LAYERS: OverlayLayer[] = [
  {
    id: 'symbol',
    type: 'symbol',
    layout: {
      'icon-image': ['get', 'image'],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'symbol-sort-key': ['get', 'rank'],
    },
  },
  {
    id: 'label',
    type: 'symbol',
    minzoom: 9,
    layout: {
      'text-field': ['get', 'title'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
      'text-anchor': 'top',
      'text-offset': [0, 1.2],
      'text-max-width': 12,
      'text-optional': true,
    },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

const RANK = { info: 0, warning: 1, critical: 2 } as const;

/** Alerts that name a place, as warning triangles coloured by severity. */
export function alertsOverlay(alerts: readonly Alert[], id = 'alerts'): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const alert of alerts) {
    if (!alert.location) continue;
    features.push(
      pointFeature(alert.location.lat, alert.location.lon, {
        id: alert.id,
        title: alert.title,
        image: alertImage(alert.severity),
        rank: RANK[alert.severity],
      }),
    );
  }
  return { id, data: featureCollection(features), layers: ALERT_LAYERS, pickable: ['symbol', 'label'] };
}
