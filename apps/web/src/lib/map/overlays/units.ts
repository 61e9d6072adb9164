import type { ExpressionSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { Unit } from '@argus/contracts/http/units';
import { FONT_BOLD } from '../fonts';
import { HEADING_IMAGE, HEADING_IMAGE_SIZE } from '../symbols';
import { featureCollection, pointFeature, type MapOverlay, type OverlayFeature, type OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, EMERGENCY_COLOUR, SELECTED_COLOUR } from '../palette';
import { labelLayout } from '../label-layout';
import { layerId } from '../overlay-sync';
import { unitSymbolName, type UnitSidcs } from '../unit-symbols';

/** A position older than this is drawn faded with a STALE badge: the unit may have moved since. */
export const STALE_POSITION_MS = 5 * 60_000;

export function isPositionStale(unit: Unit, now: number): boolean {
  return unit.position !== null && now - unit.position.at > STALE_POSITION_MS;
}

/** Where a unit is drawn: where it raised SOS when that is known, else its last position. */
export function unitLocation(unit: Unit): { lat: number; lon: number } | null {
  return unit.emergency?.location ?? unit.position?.location ?? null;
}

type SymbolLayout = NonNullable<SymbolLayerSpecification['layout']>;

const NOT_CLUSTER: ExpressionSpecification = ['!', ['has', 'point_count']];

/**
 * An SOS callsign: beside the SOS symbol on a side free of other symbols if there is one (MapLibre
 * tries every anchor without overlap first), and shown regardless when there is none.
 */
const SOS_LABEL_LAYOUT: SymbolLayout = {
  'text-field': ['concat', 'SOS ', ['get', 'callsign']],
  'text-font': FONT_BOLD,
  'text-size': 14,
  // Ems from the point: clear of the halo, and to the right a little low, under the SOS badge.
  'text-variable-anchor-offset': ['left', [2.2, 0.6], 'right', [-2.2, 0], 'top', [0, 2], 'bottom', [0, -2]],
  'text-justify': 'center',
  'text-allow-overlap': true,
};

/**
 * Callsigns appear from this zoom (a district) on, and only where they do not collide with
 * another callsign: zoomed out, a fleet's labels would be mush and the clusters say enough.
 */
export const UNIT_LABEL_MIN_ZOOM = 10;

const UNIT_LAYERS: OverlayLayer[] = [
  {
    id: 'clusters',
    type: 'circle',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': BASEMAP_COLOURS.halo,
      'circle-opacity': 0.9,
      'circle-stroke-color': SELECTED_COLOUR,
      'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'point_count'], 14, 25, 18, 250, 23, 2500, 28],
    },
  },
  {
    id: 'cluster-count',
    type: 'symbol',
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': FONT_BOLD, 'text-size': 12, 'text-allow-overlap': true },
    paint: { 'text-color': SELECTED_COLOUR },
  },
  {
    id: 'heading',
    type: 'symbol',
    filter: ['all', NOT_CLUSTER, ['get', 'hasHeading']],
    layout: {
      'icon-image': HEADING_IMAGE,
      'icon-size': 1.5,
      // Ahead of the symbol, its tip past the frame: the offset turns with the heading.
      'icon-offset': [0, -HEADING_IMAGE_SIZE * 0.72],
      'icon-rotate': ['get', 'heading'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
  {
    id: 'selected',
    type: 'circle',
    filter: ['all', NOT_CLUSTER, ['get', 'selected']],
    paint: { 'circle-radius': 22, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  {
    // Callsigns, placed after the symbols and the SOS callsigns above them (MapLibre places the
    // topmost layer first): each goes on whichever side of its symbol is free of symbols and other
    // callsigns, or is left out until zooming in parts them (label-layout.ts).
    id: 'label',
    type: 'symbol',
    filter: NOT_CLUSTER,
    minzoom: UNIT_LABEL_MIN_ZOOM,
    layout: {
      ...labelLayout(
        ['format', ['get', 'callsign'], {}, ['case', ['get', 'stale'], '\nSTALE', ''], { 'text-color': '#ffd43b', 'font-scale': 0.8 }],
        1.5,
      ),
      'text-font': FONT_BOLD,
      'text-size': 12,
    },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
  {
    // The unit's symbol (unit-symbols.ts), one shared image per symbol code and status. Every symbol is
    // drawn, density being the clusters' job, and is placed first so callsigns keep clear of it.
    id: 'point',
    type: 'symbol',
    filter: NOT_CLUSTER,
    layout: { 'icon-image': ['get', 'symbol'], 'icon-allow-overlap': true, 'icon-ignore-placement': false },
    paint: { 'icon-opacity': ['case', ['get', 'stale'], 0.5, 1] },
  },
];

export interface UnitsOverlayOptions {
  /** The clock the stale badge is judged by; pass a value that ticks (e.g. every 30 s). */
  now: number;
  /** The code each kind is drawn as (the administrators' unit symbol table). */
  sidcs: UnitSidcs;
  selectedIds?: ReadonlySet<string>;
  id?: string;
}

/**
 * Units as military symbols by kind with a status badge (unit-symbols.ts), a heading arrow,
 * callsign and STALE badge; clustered when zoomed out. Units in SOS are left to
 * `emergencyOverlay`, which is never clustered.
 */
export function unitsOverlay(units: readonly Unit[], { now, sidcs, selectedIds, id = 'units' }: UnitsOverlayOptions): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const unit of units) {
    if (unit.emergency || !unit.position) continue;
    const { location, heading } = unit.position;
    features.push(
      pointFeature(location.lat, location.lon, {
        id: unit.id,
        callsign: unit.callsign,
        kind: unit.kind,
        status: unit.status,
        symbol: unitSymbolName(sidcs(unit.kind), unit.status, false),
        hasHeading: heading !== null,
        heading: heading ?? 0,
        stale: isPositionStale(unit, now),
        selected: selectedIds?.has(unit.id) ?? false,
      }),
    );
  }
  return {
    id,
    data: featureCollection(features),
    layers: UNIT_LAYERS,
    cluster: { radius: 50, maxZoom: 12 },
    pickable: ['point', 'label', 'clusters'],
  };
}

const EMERGENCY_LAYERS: OverlayLayer[] = [
  {
    id: 'halo',
    type: 'circle',
    paint: {
      'circle-radius': 26,
      'circle-color': EMERGENCY_COLOUR,
      'circle-opacity': 0.25,
      'circle-stroke-color': EMERGENCY_COLOUR,
      'circle-stroke-width': 3,
    },
  },
  {
    // The unit's own symbol in its SOS look: red frame, SOS badge, larger than any other unit.
    id: 'point',
    type: 'symbol',
    layout: { 'icon-image': ['get', 'symbol'], 'icon-size': 1.3, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  },
  {
    // Put under the units' symbols (`under` below), so it is placed after them and before their
    // callsigns: on a side of the SOS symbol free of other units' symbols when there is one, shown
    // anyway when there is none, and the other callsigns keep clear of it. On the emergencies
    // overlay's own place, on top, it would be placed first and could only be laid over the units
    // around it (as it covered the unit south of it on a phone).
    id: 'label',
    type: 'symbol',
    layout: SOS_LABEL_LAYOUT,
    paint: { 'text-color': '#ffffff', 'text-halo-color': EMERGENCY_COLOUR, 'text-halo-width': 2.5 },
  },
];

/**
 * Units in SOS: their symbol large and red in a halo, labelled, never hidden in a cluster, on top
 * of everything but their callsign, which goes under the symbols of the units overlay named.
 */
export function emergencyOverlay(units: readonly Unit[], sidcs: UnitSidcs, id = 'emergencies', unitsOverlayId = 'units'): MapOverlay {
  const features: OverlayFeature[] = [];
  for (const unit of units) {
    const location = unit.emergency ? unitLocation(unit) : null;
    if (!location) continue;
    features.push(
      pointFeature(location.lat, location.lon, {
        id: unit.id,
        callsign: unit.callsign,
        kind: unit.kind,
        symbol: unitSymbolName(sidcs(unit.kind), unit.status, true),
      }),
    );
  }
  return {
    id,
    data: featureCollection(features),
    layers: EMERGENCY_LAYERS,
    pickable: ['point', 'label', 'halo'],
    under: { label: layerId(unitsOverlayId, 'point') },
  };
}
