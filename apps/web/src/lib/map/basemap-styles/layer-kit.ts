import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { FONT_BOLD, FONT_REGULAR } from '../fonts';
import { STREET_COLOURS } from './street-colours';

/**
 * Small builders the per-schema styles share, so each style file reads as a list of "what is drawn
 * how" rather than MapLibre boilerplate. `source` is the MapLibre source id, `layer` the tile layer.
 */
export interface LayerTarget {
  /** Prefix of every layer id (one basemap's layers share it, so switching can remove them all). */
  prefix: string;
  source: string;
}

type Zoomed = ExpressionSpecification;

/** tilemaker's OpenMapTiles profile writes `name:latin` (and `name_en`) where other tools write `name`. */
export const NAME: ExpressionSpecification = ['coalesce', ['get', 'name'], ['get', 'name:latin'], ['get', 'name_en'], ''];
/** The feature has a name under any of those keys. */
export const HAS_NAME: ExpressionSpecification = ['any', ['has', 'name'], ['has', 'name:latin'], ['has', 'name_en']];

/** Width growing exponentially with zoom, as road widths do on the ground. */
export const widthByZoom = (stops: Array<[number, number]>): Zoomed =>
  ['interpolate', ['exponential', 1.6], ['zoom'], ...stops.flat()] as Zoomed;

export function fill(
  target: LayerTarget,
  id: string,
  layer: string,
  colour: string,
  filter?: FilterSpecification,
  outline?: string,
): LayerSpecification {
  return {
    id: `${target.prefix}${id}`,
    type: 'fill',
    source: target.source,
    'source-layer': layer,
    ...(filter ? { filter } : {}),
    paint: { 'fill-color': colour, ...(outline ? { 'fill-outline-color': outline } : {}) },
  };
}

export function line(
  target: LayerTarget,
  id: string,
  layer: string,
  paint: LineLayerSpecification['paint'],
  filter?: FilterSpecification,
  minzoom?: number,
): LayerSpecification {
  return {
    id: `${target.prefix}${id}`,
    type: 'line',
    source: target.source,
    'source-layer': layer,
    ...(filter ? { filter } : {}),
    ...(minzoom !== undefined ? { minzoom } : {}),
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint,
  };
}

interface LabelOptions {
  filter?: FilterSpecification;
  minzoom?: number;
  size: number | Zoomed;
  colour?: string;
  bold?: boolean;
  /** Street names follow their road; place names stand upright at a point. */
  alongLine?: boolean;
  /** The property to show; by default the feature's name (name:latin and name_en where a profile writes only those). */
  field?: string;
}

/** A text label in a bundled font (fonts.ts), with a dark halo so it reads over roads and symbols. */
export function label(target: LayerTarget, id: string, layer: string, options: LabelOptions): SymbolLayerSpecification {
  const { filter, minzoom, size, colour = STREET_COLOURS.label, bold = false, alongLine = false, field } = options;
  return {
    id: `${target.prefix}${id}`,
    type: 'symbol',
    source: target.source,
    'source-layer': layer,
    ...(filter ? { filter } : {}),
    ...(minzoom !== undefined ? { minzoom } : {}),
    layout: {
      'text-field': field ? ['to-string', ['get', field]] : NAME,
      'text-font': bold ? FONT_BOLD : FONT_REGULAR,
      'text-size': size,
      'text-max-width': 8,
      ...(alongLine ? { 'symbol-placement': 'line', 'text-rotation-alignment': 'map', 'symbol-spacing': 280 } : { 'text-padding': 4 }),
    },
    paint: { 'text-color': colour, 'text-halo-color': STREET_COLOURS.halo, 'text-halo-width': 1.4, 'text-halo-blur': 0.4 },
  };
}

/** A road drawn as a dark casing under a coloured line, which keeps crossings and parallel streets apart. */
export function road(
  target: LayerTarget,
  id: string,
  layer: string,
  filter: FilterSpecification,
  colour: string,
  widths: Array<[number, number]>,
  minzoom?: number,
): LayerSpecification[] {
  const casing = widths.map(([zoom, width]): [number, number] => [zoom, width + (zoom >= 14 ? 2 : 1)]);
  return [
    line(target, `${id}-casing`, layer, { 'line-color': STREET_COLOURS.casing, 'line-width': widthByZoom(casing) }, filter, minzoom),
    line(target, id, layer, { 'line-color': colour, 'line-width': widthByZoom(widths) }, filter, minzoom),
  ];
}

/** `["match", ["get", field], values, true, false]`: a feature whose field is one of these. */
export const oneOf = (field: string, values: readonly string[]): FilterSpecification =>
  ['match', ['get', field], [...values], true, false] as FilterSpecification;
