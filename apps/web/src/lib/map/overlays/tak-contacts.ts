import { pinnedLabelLayout } from '../fonts';
import type { TakContact } from '@argus/contracts/http/tak';
import { featureCollection, pointFeature, type MapOverlay, type OverlayFeature, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, TAK_CONTACT_COLOUR } from '../palette';
import { STALE_POSITION_MS } from './units';

/**
 * A contact not heard for the units' own stale span is drawn faded: the device may have moved, or
 * be off. The contact list keeps no stale time of each event, so one span for all.
 */
export function isTakContactStale(contact: TakContact, now: number): boolean {
  return now - contact.lastSeen > STALE_POSITION_MS;
}

// A contact not heard for a while keeps its last place, drawn fainter.
const faint = (fresh: number, stale: number) => ['case', ['get', 'stale'], stale, fresh] as unknown as number;

const TAK_CONTACT_LAYERS: OverlayLayer[] = [
  {
    // A ring with a dot in it: neither a unit's symbol nor a caller's filled circle.
    id: 'point',
    type: 'circle',
    paint: {
      'circle-radius': 8,
      'circle-color': BASEMAP_COLOURS.halo,
      'circle-opacity': faint(0.9, 0.4),
      'circle-stroke-color': TAK_CONTACT_COLOUR,
      'circle-stroke-width': 3,
      'circle-stroke-opacity': faint(1, 0.4),
    },
  },
  {
    id: 'dot',
    type: 'circle',
    paint: { 'circle-radius': 3, 'circle-color': TAK_CONTACT_COLOUR, 'circle-opacity': faint(1, 0.4) },
  },
  {
    id: 'label',
    type: 'symbol',
    layout: pinnedLabelLayout('top', 1),
    paint: {
      'text-color': TAK_CONTACT_COLOUR,
      'text-opacity': faint(1, 0.5),
      'text-halo-color': BASEMAP_COLOURS.halo,
      'text-halo-width': 1.5,
    },
  },
];

/**
 * TAK devices heard on the CoT endpoint that speak for no unit (docs/decisions/0061-tak-cot-endpoint-first-slice.md):
 * a violet ring labelled with the device's callsign. A bound device is its unit on the map, so it is not drawn here.
 */
export function takContactsOverlay(contacts: readonly TakContact[], now: number, id = 'tak-contacts'): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const contact of contacts) {
    if (contact.unit) continue;
    const stale = isTakContactStale(contact, now);
    features.push(
      pointFeature(contact.location.lat, contact.location.lon, {
        id: contact.uid,
        callsign: contact.callsign,
        label: stale ? `${contact.callsign} (stale)` : contact.callsign,
        stale,
      }),
    );
  }
  return { id, data: featureCollection(features), layers: TAK_CONTACT_LAYERS, pickable: ['point', 'dot', 'label'], fit: false };
}
