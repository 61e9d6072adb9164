import type { Incident } from '@argus/contracts/http/incidents';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { FONT_REGULAR } from '../fonts';
import { incidentSymbolName } from '../incident-symbols';
import { featureCollection, pointFeature, type MapOverlay, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

const INCIDENT_LAYERS: OverlayLayer[] = [
  {
    id: 'selected',
    type: 'circle',
    filter: ['get', 'selected'],
    paint: { 'circle-radius': 21, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  {
    id: 'symbol',
    type: 'symbol',
    layout: {
      'icon-image': ['get', 'image'],
      'icon-size': ['case', ['==', ['get', 'severity'], 'critical'], 1.3, 1],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      // The most severe on top where incidents overlap.
      'symbol-sort-key': ['get', 'rank'],
    },
  },
  {
    id: 'label',
    type: 'symbol',
    minzoom: 7,
    layout: {
      'text-field': ['get', 'reference'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
      'text-anchor': 'top',
      'text-offset': [0, 1.5],
      'text-optional': true,
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
  return { id, data: featureCollection(features), layers: INCIDENT_LAYERS, pickable: ['symbol', 'label'] };
}
