import type { MultiPolygon, Polygon, Position } from 'geojson';
import { FONT_BOLD } from '../fonts';
import type { MapOverlay, OverlayData, OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

/** Coverage as [west, south, east, north] in degrees, as the basemaps contract gives it. */
export type CoverageBounds = readonly [number, number, number, number];

export interface CoverageArea {
  id: string;
  name: string;
  bounds: CoverageBounds;
}

/** Web Mercator stops short of the poles; a box reaching them is drawn to the edge of the map. */
const MERCATOR_LIMIT = 85.0511;

const AREA_COLOUR = '#74c0fc';

const COVERAGE_LAYERS: OverlayLayer[] = [
  {
    id: 'fill',
    type: 'fill',
    paint: {
      'fill-color': ['case', ['get', 'selected'], SELECTED_COLOUR, AREA_COLOUR],
      'fill-opacity': ['case', ['get', 'selected'], 0.25, 0.06],
    },
  },
  {
    id: 'outline',
    type: 'line',
    paint: {
      'line-color': ['case', ['get', 'selected'], SELECTED_COLOUR, AREA_COLOUR],
      'line-width': ['case', ['get', 'selected'], 3, 1.5],
    },
  },
  {
    id: 'label',
    type: 'symbol',
    layout: { 'text-field': ['get', 'name'], 'text-font': FONT_BOLD, 'text-size': 12, 'text-optional': true },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

const ring = (west: number, south: number, east: number, north: number): Position[][] => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
];

/**
 * The area a [west, south, east, north] box covers, as GeoJSON. A box whose west edge is east of
 * its east edge crosses the antimeridian (a Pacific archive), so it becomes two boxes, one either side.
 */
export function coverageGeometry([west, south, east, north]: CoverageBounds): Polygon | MultiPolygon {
  const bottom = Math.max(south, -MERCATOR_LIMIT);
  const top = Math.min(north, MERCATOR_LIMIT);
  if (west <= east) return { type: 'Polygon', coordinates: ring(west, bottom, east, top) };
  return { type: 'MultiPolygon', coordinates: [ring(west, bottom, 180, top), ring(-180, bottom, east, top)] };
}

/** Whether a box spans every longitude and reaches as far north and south as the map shows. */
export function coversWholeWorld([west, south, east, north]: CoverageBounds): boolean {
  return west <= -180 && east >= 180 && south <= -MERCATOR_LIMIT && north >= MERCATOR_LIMIT;
}

/** The basemaps' coverage as outlined, labelled areas; the chosen one filled and ringed in gold, drawn last so it is on top. */
export function coverageOverlay(
  areas: readonly CoverageArea[],
  { selectedId = null, id = 'coverage' }: { selectedId?: string | null; id?: string } = {},
): MapOverlay {
  const ordered = [...areas.filter((area) => area.id !== selectedId), ...areas.filter((area) => area.id === selectedId)];
  const data: OverlayData = {
    type: 'FeatureCollection',
    features: ordered.map((area) => ({
      type: 'Feature',
      geometry: coverageGeometry(area.bounds),
      properties: { id: area.id, name: area.name, selected: area.id === selectedId },
    })),
  };
  return { id, data, layers: COVERAGE_LAYERS, pickable: ['fill'] };
}
