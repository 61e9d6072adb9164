import type { ExpressionSpecification } from 'maplibre-gl';
import type { Zone } from '@argus/contracts/http/zones';
import { RISK_LEVELS, type RiskLevel } from '@argus/contracts/zones';
import { FONT_BOLD } from '../fonts';
import type { MapOverlay, OverlayData, OverlayGeometry, OverlayLayer } from '../overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../palette';

/** Risk colours, from calm to alarming; the outline's dash also marks inactive zones for colour-blind readers. */
export const RISK_COLOURS: Record<RiskLevel, string> = {
  low: '#69db7c',
  elevated: '#ffd43b',
  high: '#ff922b',
  critical: '#ff4d4f',
};

const riskColour = [
  'match',
  ['get', 'risk'],
  ...RISK_LEVELS.flatMap((level) => [level, RISK_COLOURS[level]]),
  '#adb5bd',
] as unknown as string;

const ZONE_LAYERS: OverlayLayer[] = [
  { id: 'fill', type: 'fill', paint: { 'fill-color': riskColour, 'fill-opacity': ['case', ['get', 'active'], 0.22, 0.06] } },
  { id: 'outline', type: 'line', paint: { 'line-color': riskColour, 'line-width': ['case', ['get', 'selected'], 4, 2] } },
  {
    id: 'selected',
    type: 'line',
    filter: ['get', 'selected'],
    paint: { 'line-color': SELECTED_COLOUR, 'line-width': 2, 'line-dasharray': [2, 2] },
  },
  {
    id: 'label',
    type: 'symbol',
    minzoom: 5,
    layout: { 'text-field': ['get', 'name'], 'text-font': FONT_BOLD, 'text-size': 11, 'text-optional': true },
    paint: { 'text-color': BASEMAP_COLOURS.label, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/** Zones filled and outlined by risk level, the selected one ringed in gold; inactive ones barely tinted. */
export function zonesOverlay(
  zones: readonly Zone[],
  { selectedId = null, id = 'zones', fit = true }: { selectedId?: string | null; id?: string; fit?: boolean } = {},
): MapOverlay {
  const data: OverlayData = {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({
      type: 'Feature',
      geometry: zone.geometry as OverlayGeometry,
      properties: { id: zone.id, name: zone.name, risk: zone.riskLevel, active: zone.active, selected: zone.id === selectedId },
    })),
  };
  return { id, data, layers: ZONE_LAYERS, pickable: ['fill'], fit };
}

/** How an imported feature fares: imported as is, imported after a repair, or refused. */
export type PreviewStatus = 'valid' | 'repaired' | 'invalid';
export const PREVIEW_COLOURS: Record<PreviewStatus, string> = { valid: '#69db7c', repaired: '#4dabf7', invalid: '#ff4d4f' };
const previewColour = [
  'match',
  ['get', 'status'],
  'valid',
  PREVIEW_COLOURS.valid,
  'repaired',
  PREVIEW_COLOURS.repaired,
  PREVIEW_COLOURS.invalid,
] as unknown as string;

const isPoint: ExpressionSpecification = ['==', ['geometry-type'], 'Point'];
const isMarker: ExpressionSpecification = ['has', 'problem'];
const refused: ExpressionSpecification = ['==', ['get', 'status'], 'invalid'];

/**
 * Refused shapes are drawn too, dashed (a refused polygon by its outline alone), with a ringed mark and its words where the problem is (a
 * self-crossing polygon's crossing), so the user sees what is wrong where (issue 19).
 */
const PREVIEW_LAYERS: OverlayLayer[] = [
  {
    id: 'fill',
    type: 'fill',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': previewColour, 'fill-opacity': ['case', refused, 0.12, 0.25] },
  },
  {
    id: 'line',
    type: 'line',
    filter: ['all', ['!', isPoint], ['!', refused]],
    paint: { 'line-color': previewColour, 'line-width': ['case', ['get', 'selected'], 4, 2] },
  },
  {
    id: 'refused',
    type: 'line',
    filter: ['all', ['!', isPoint], refused],
    paint: { 'line-color': PREVIEW_COLOURS.invalid, 'line-width': ['case', ['get', 'selected'], 4, 2.5], 'line-dasharray': [2, 1.5] },
  },
  {
    id: 'point',
    type: 'circle',
    filter: ['all', isPoint, ['!', isMarker]],
    paint: { 'circle-radius': 5, 'circle-color': previewColour },
  },
  {
    id: 'marker',
    type: 'circle',
    filter: isMarker,
    paint: {
      'circle-radius': 9,
      'circle-color': 'rgba(0, 0, 0, 0)',
      'circle-stroke-color': PREVIEW_COLOURS.invalid,
      'circle-stroke-width': 3,
    },
  },
  {
    id: 'marker-label',
    type: 'symbol',
    filter: isMarker,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': FONT_BOLD,
      'text-size': 12,
      'text-anchor': 'top',
      'text-offset': [0, 1.1],
      'text-optional': true,
    },
    paint: { 'text-color': PREVIEW_COLOURS.invalid, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/** A problem at one place on a refused feature: the mark's words on the map. */
export interface PreviewMark {
  at: [number, number];
  label: string;
  problem: string;
}

export interface PreviewShape {
  index: number;
  status: PreviewStatus;
  geometry: OverlayGeometry;
  marks?: readonly PreviewMark[];
}

/**
 * How a shape is drawn on the preview: a refused polygon as its rings, lines not areas. MapLibre
 * skips a ring whose signed area is zero when it draws a polygon, outline included, and a
 * symmetric self-crossing ring (a bow tie) is exactly that: drawn as a polygon it vanished, the
 * one feature the user most needs to see (issue 19). Its area means nothing anyway.
 */
function drawnGeometry(shape: PreviewShape): OverlayGeometry {
  const { geometry } = shape;
  if (shape.status !== 'invalid') return geometry;
  if (geometry.type === 'Polygon') return { type: 'MultiLineString', coordinates: geometry.coordinates };
  if (geometry.type === 'MultiPolygon') return { type: 'MultiLineString', coordinates: geometry.coordinates.flat() };
  return geometry;
}

/** An import's features before they are zones: green as found, blue repaired, red refused (lines and points too), problems marked where they are. */
export function importPreviewOverlay(shapes: readonly PreviewShape[], selectedIndex: number | null, id = 'import-preview'): MapOverlay {
  const data: OverlayData = {
    type: 'FeatureCollection',
    features: shapes.flatMap((shape) => {
      const properties = { id: String(shape.index), status: shape.status, selected: shape.index === selectedIndex };
      return [
        { type: 'Feature' as const, geometry: drawnGeometry(shape), properties },
        ...(shape.marks ?? []).map((mark) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: mark.at },
          properties: { ...properties, problem: mark.problem, label: mark.label },
        })),
      ];
    }),
  };
  return { id, data, layers: PREVIEW_LAYERS, pickable: ['fill', 'line', 'refused', 'point', 'marker'] };
}
