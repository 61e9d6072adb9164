import type { LayerSpecification } from 'maplibre-gl';
import { fill, label, line, oneOf, road, type LayerTarget } from './layer-kit';
import { STREET_COLOURS as C } from './street-colours';

/** The tile layers of the OpenMapTiles schema (what tilemaker and Planetiler write) this style draws. */
export const OPENMAPTILES_LAYERS = [
  'water',
  'waterway',
  'landcover',
  'landuse',
  'park',
  'building',
  'aeroway',
  'boundary',
  'transportation',
  'transportation_name',
  'water_name',
  'place',
  'poi',
  'housenumber',
] as const;
type Layer = (typeof OPENMAPTILES_LAYERS)[number];

const MOTORWAY = ['motorway', 'trunk'];
const MAJOR = ['primary', 'secondary', 'tertiary'];
const MINOR = ['minor', 'residential', 'unclassified', 'living_street'];
const SERVICE = ['service', 'track', 'raceway', 'busway'];
const PATH = ['path', 'pedestrian', 'footway', 'cycleway', 'steps', 'bridleway'];
const RAIL = ['rail', 'transit'];
const TOWN = ['city', 'town'];
const LOCAL = ['village', 'suburb', 'hamlet', 'quarter', 'neighbourhood', 'isolated_dwelling', 'locality'];

/**
 * A dark street style for the OpenMapTiles schema. It has no background: the world outline below
 * shows through wherever the archive has nothing (tilemaker without its coastline files leaves the
 * sea out), so a city extract sits on the same land and sea as the rest of the world.
 */
export function openMapTilesLayers(target: LayerTarget): LayerSpecification[] {
  const at = (layer: Layer) => layer;
  const cls = (values: string[]) => oneOf('class', values);
  return [
    fill(target, 'landuse-residential', at('landuse'), C.residential, cls(['residential', 'suburb', 'neighbourhood'])),
    fill(target, 'landuse-industrial', at('landuse'), C.industrial, cls(['industrial', 'commercial', 'retail', 'railway'])),
    fill(target, 'landcover', at('landcover'), C.green, cls(['grass', 'farmland', 'wetland'])),
    fill(target, 'landcover-wood', at('landcover'), C.wood, cls(['wood', 'forest'])),
    fill(target, 'park', at('park'), C.green),
    fill(target, 'water', at('water'), C.water),
    line(target, 'waterway', at('waterway'), {
      'line-color': C.waterLine,
      'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.6, 16, 4],
    }),
    fill(target, 'aeroway', at('aeroway'), C.aeroway, ['==', ['geometry-type'], 'Polygon']),
    fill(target, 'building', at('building'), C.building, undefined, C.buildingOutline),
    line(target, 'boundary', at('boundary'), { 'line-color': C.boundary, 'line-dasharray': [3, 2], 'line-width': 1 }, [
      '<=',
      ['get', 'admin_level'],
      4,
    ]),
    line(target, 'path', at('transportation'), { 'line-color': C.path, 'line-dasharray': [1.5, 1.5], 'line-width': 1.2 }, cls(PATH), 14),
    line(target, 'rail', at('transportation'), { 'line-color': C.rail, 'line-dasharray': [3, 3], 'line-width': 1.5 }, cls(RAIL), 11),
    ...road(
      target,
      'service',
      at('transportation'),
      cls(SERVICE),
      C.service,
      [
        [13, 0.5],
        [18, 7],
      ],
      13,
    ),
    ...road(target, 'minor', at('transportation'), cls(MINOR), C.minor, [
      [11, 0.5],
      [14, 2.5],
      [18, 14],
    ]),
    ...road(target, 'major', at('transportation'), cls(MAJOR), C.major, [
      [8, 0.6],
      [14, 4],
      [18, 20],
    ]),
    ...road(target, 'motorway', at('transportation'), cls(MOTORWAY), C.motorway, [
      [5, 0.6],
      [12, 3],
      [18, 24],
    ]),
    label(target, 'water-name', at('water_name'), { size: 12, colour: C.waterLabel }),
    label(target, 'street-name', at('transportation_name'), {
      alongLine: true,
      minzoom: 13,
      size: ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 14],
      colour: C.streetLabel,
    }),
    label(target, 'housenumber', at('housenumber'), { minzoom: 17, size: 10, colour: C.minorLabel, field: 'housenumber' }),
    label(target, 'poi', at('poi'), { minzoom: 15, size: 11, colour: C.minorLabel, filter: ['<=', ['coalesce', ['get', 'rank'], 99], 20] }),
    label(target, 'place-local', at('place'), { size: ['interpolate', ['linear'], ['zoom'], 11, 11, 16, 15], filter: cls(LOCAL) }),
    label(target, 'place-town', at('place'), { size: ['interpolate', ['linear'], ['zoom'], 6, 12, 14, 20], bold: true, filter: cls(TOWN) }),
  ];
}
