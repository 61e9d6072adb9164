import type { Incident } from '@argus/contracts/http/incidents';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { FONT_REGULAR } from '../fonts';
import { incidentSymbolName } from '../incident-symbols';
import { fromZoom, labelLayout } from '../label-layout';
import { featureCollection, pointFeature, type MapOverlay, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

/** Incident references appear from this zoom (a region) on. */
const INCIDENT_LABEL_MIN_ZOOM = 7;

const INCIDENT_LAYERS: OverlayLayer[] = [
  {
    id: 'selected',
    type: 'circle',
    filter: ['get', 'selected'],
    paint: { 'circle-radius': 21, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  {
    // The incident's symbol by category and severity, its reference beside it (label-layout.ts).
    id: 'symbol',
    type: 'symbol',
    layout: {
      ...labelLayout(fromZoom(INCIDENT_LABEL_MIN_ZOOM, ['get', 'reference']), 1.6),
      'icon-image': ['get', 'image'],
      'icon-size': ['case', ['==', ['get', 'severity'], 'critical'], 1.3, 1],
      // The most severe on top where incidents overlap.
      'symbol-sort-key': ['get', 'rank'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
    },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/**
 * Incidents as emergency management symbols by category, filled and lettered by severity
 * (incident-symbols.ts), the critical ones larger, their reference beside them from zoom 7.
 */
export function incidentsOverlay(
  incidents: readonly Incident[],
  { selectedId, id = 'incidents' }: { selectedId?: string | null; id?: string } = {},
): MapOverlay {
  const features = incidents.map((incident) =>
    pointFeature(incident.location.lat, incident.location.lon, {
      id: incident.id,
      reference: incident.reference,
      category: incident.category,
      severity: incident.severity,
      image: incidentSymbolName(incident.category, incident.severity),
      rank: INCIDENT_SEVERITIES.indexOf(incident.severity),
      selected: incident.id === selectedId,
    }),
  );
  return { id, data: featureCollection(features), layers: INCIDENT_LAYERS, pickable: ['symbol'] };
}
