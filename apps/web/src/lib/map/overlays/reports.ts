import type { Report } from '@argus/contracts/http/reports';
import { FONT_BOLD, FONT_REGULAR } from '../fonts';
import { fromZoom, labelLayout } from '../label-layout';
import { reportSymbolName } from '../report-symbols';
import { featureCollection, pointFeature, type MapOverlay, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, REPORT_COLOUR } from '../palette';

/** Report categories appear from this zoom (a district) on. */
const REPORT_LABEL_MIN_ZOOM = 11;

const REPORT_LAYERS: OverlayLayer[] = [
  {
    id: 'clusters',
    type: 'circle',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': BASEMAP_COLOURS.halo,
      'circle-stroke-color': REPORT_COLOUR,
      'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'point_count'], 11, 20, 15, 200, 19],
    },
  },
  {
    id: 'cluster-count',
    type: 'symbol',
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': FONT_BOLD, 'text-size': 11, 'text-allow-overlap': true },
    paint: { 'text-color': REPORT_COLOUR },
  },
  {
    // The report's symbol by kind and triage status (report-symbols.ts), its category beside it.
    id: 'symbol',
    type: 'symbol',
    filter: ['!', ['has', 'point_count']],
    layout: {
      ...labelLayout(fromZoom(REPORT_LABEL_MIN_ZOOM, ['get', 'category']), 1.3),
      'icon-image': ['get', 'symbol'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
    },
    paint: { 'text-color': REPORT_COLOUR, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/** Civic and field reports as symbols by kind and triage status, clustered when zoomed out. */
export function reportsOverlay(reports: readonly Report[], id = 'reports'): MapOverlay {
  const features = reports.map((report) =>
    pointFeature(report.location.lat, report.location.lon, {
      id: report.id,
      category: report.category,
      kind: report.kind,
      trackingCode: report.trackingCode,
      symbol: reportSymbolName(report.kind, report.status),
    }),
  );
  return {
    id,
    data: featureCollection(features),
    layers: REPORT_LAYERS,
    cluster: { radius: 40, maxZoom: 13 },
    pickable: ['symbol', 'clusters'],
  };
}
