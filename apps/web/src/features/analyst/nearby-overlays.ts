import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import { featureCollection, pointFeature, type MapOverlay, type OverlayLayer } from '../../lib/map/overlay';
import { incidentsOverlay } from '../../lib/map/overlays/incidents';
import { reportsOverlay } from '../../lib/map/overlays/reports';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../../lib/map/palette';

/** The report under triage: a gold ring with a dot, drawn above its neighbours. */
const FOCUS_LAYERS: OverlayLayer[] = [
  {
    id: 'ring',
    type: 'circle',
    paint: { 'circle-radius': 14, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  {
    id: 'dot',
    type: 'circle',
    paint: { 'circle-radius': 5, 'circle-color': SELECTED_COLOUR, 'circle-stroke-color': BASEMAP_COLOURS.halo, 'circle-stroke-width': 1.5 },
  },
];

function focusOverlay(report: Report): MapOverlay {
  const feature = pointFeature(report.location.lat, report.location.lon, { id: report.id, trackingCode: report.trackingCode });
  return { id: 'triage-report', data: featureCollection([feature]), layers: FOCUS_LAYERS };
}

/**
 * The report's neighbourhood on the operational map: open incidents nearby (symbols by category
 * and severity), likely duplicates (report squares) and the report itself (gold ring) on top.
 */
export function nearbyOverlays(report: Report, duplicates: readonly Report[], incidents: readonly Incident[]): MapOverlay[] {
  return [incidentsOverlay(incidents, { id: 'nearby-incidents' }), reportsOverlay(duplicates, 'nearby-reports'), focusOverlay(report)];
}
