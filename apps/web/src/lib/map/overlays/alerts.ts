import type { Alert } from '@argus/contracts/http/alerts';
import { alertSymbolName } from '../alert-symbols';
import { FONT_REGULAR } from '../fonts';
import { fromZoom, labelLayout } from '../label-layout';
import { featureCollection, pointFeature, type MapOverlay, type OverlayFeature, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS } from '../palette';

/** Alert titles appear from this zoom (a city) on, where they have room. */
const ALERT_LABEL_MIN_ZOOM = 9;

const ALERT_LAYERS: OverlayLayer[] = [
  {
    // The alert's symbol by severity, new or handled (alert-symbols.ts), and its title beside it.
    id: 'symbol',
    type: 'symbol',
    layout: {
      ...labelLayout(fromZoom(ALERT_LABEL_MIN_ZOOM, ['get', 'title']), 1.4),
      'icon-image': ['get', 'symbol'],
      // Critical and new alerts are drawn on top of the others.
      'symbol-sort-key': ['get', 'rank'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
      'text-max-width': 12,
    },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

const RANK = { info: 0, warning: 1, critical: 2 } as const;

/** Alerts that name a place, as alert symbols by severity, new ones apart from those already handled. */
export function alertsOverlay(alerts: readonly Alert[], id = 'alerts'): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const alert of alerts) {
    if (!alert.location) continue;
    features.push(
      pointFeature(alert.location.lat, alert.location.lon, {
        id: alert.id,
        title: alert.title,
        symbol: alertSymbolName(alert.severity, alert.status),
        rank: RANK[alert.severity] * 2 + (alert.status === 'new' ? 1 : 0),
      }),
    );
  }
  return { id, data: featureCollection(features), layers: ALERT_LAYERS, pickable: ['symbol'] };
}
