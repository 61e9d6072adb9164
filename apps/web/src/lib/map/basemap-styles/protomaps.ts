import type { LayerSpecification } from 'maplibre-gl';
import { HAS_NAME, fill, label, line, oneOf, road, type LayerTarget } from './layer-kit';
import { STREET_COLOURS as C } from './street-colours';

/** The tile layers of the Protomaps basemap schema (v4) this style draws. */
export const PROTOMAPS_LAYERS = ['landuse', 'landcover', 'water', 'buildings', 'boundaries', 'roads', 'transit', 'places', 'pois'] as const;
type Layer = (typeof PROTOMAPS_LAYERS)[number];

/**
 * A dark street style for the Protomaps schema, written like the OpenMapTiles one rather than taken
 * from @protomaps/basemaps: that package's layers name its own fonts and sprite, which Argus does
 * not ship, and its colours are not Argus's (docs/decisions/0032-basemap-styles-and-switching.md).
 * `earth` is left unpainted: the world outline's land below already has the same colour.
 */
export function protomapsLayers(target: LayerTarget): LayerSpecification[] {
  const at = (layer: Layer) => layer;
  const kind = (values: string[]) => oneOf('kind', values);
  return [
    fill(
      target,
      'landuse-green',
      at('landuse'),
      C.green,
      kind(['park', 'grass', 'garden', 'cemetery', 'golf_course', 'recreation_ground', 'playground', 'nature_reserve']),
    ),
    fill(target, 'landuse-built', at('landuse'), C.industrial, kind(['industrial', 'commercial', 'retail', 'railway', 'military'])),
    fill(target, 'landuse-residential', at('landuse'), C.residential, kind(['residential', 'neighbourhood'])),
    fill(target, 'landcover', at('landcover'), C.wood, kind(['forest', 'wood'])),
    fill(target, 'water', at('water'), C.water, ['==', ['geometry-type'], 'Polygon']),
    line(
      target,
      'waterway',
      at('water'),
      { 'line-color': C.waterLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.6, 16, 4] },
      ['==', ['geometry-type'], 'LineString'],
    ),
    fill(target, 'building', at('buildings'), C.building, undefined, C.buildingOutline),
    line(target, 'boundary', at('boundaries'), { 'line-color': C.boundary, 'line-dasharray': [3, 2], 'line-width': 1 }, [
      '<=',
      ['get', 'kind_detail'],
      4,
    ]),
    line(target, 'rail', at('transit'), { 'line-color': C.rail, 'line-dasharray': [3, 3], 'line-width': 1.5 }, kind(['rail']), 11),
    line(target, 'path', at('roads'), { 'line-color': C.path, 'line-dasharray': [1.5, 1.5], 'line-width': 1.2 }, kind(['path']), 14),
    ...road(
      target,
      'other',
      at('roads'),
      kind(['other']),
      C.service,
      [
        [13, 0.5],
        [18, 7],
      ],
      13,
    ),
    ...road(target, 'minor', at('roads'), kind(['minor_road']), C.minor, [
      [11, 0.5],
      [14, 2.5],
      [18, 14],
    ]),
    ...road(target, 'major', at('roads'), kind(['major_road', 'medium_road']), C.major, [
      [8, 0.6],
      [14, 4],
      [18, 20],
    ]),
    ...road(target, 'highway', at('roads'), kind(['highway']), C.motorway, [
      [5, 0.6],
      [12, 3],
      [18, 24],
    ]),
    label(target, 'water-name', at('water'), { size: 12, colour: C.waterLabel, filter: HAS_NAME }),
    label(target, 'street-name', at('roads'), {
      alongLine: true,
      minzoom: 13,
      size: ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 14],
      colour: C.streetLabel,
      filter: HAS_NAME,
    }),
    label(target, 'poi', at('pois'), { minzoom: 15, size: 11, colour: C.minorLabel, filter: HAS_NAME }),
    label(target, 'place-local', at('places'), {
      size: ['interpolate', ['linear'], ['zoom'], 11, 11, 16, 15],
      filter: kind(['neighbourhood', 'macrohood']),
    }),
    label(target, 'place-town', at('places'), {
      size: ['interpolate', ['linear'], ['zoom'], 6, 12, 14, 20],
      bold: true,
      filter: kind(['locality']),
    }),
  ];
}
