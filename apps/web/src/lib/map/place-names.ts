import { along } from '@turf/along';
import { centerOfMass } from '@turf/center-of-mass';
import { distance } from '@turf/distance';
import { length } from '@turf/length';
import type { Geometry, LineString, Polygon, Position } from 'geojson';
import type { LatLon } from '../geo/mgrs';

/**
 * Street and place names found in a vector basemap's labels for "Go to"
 * (docs/decisions/0031-coordinates-in-every-format.md). Pure: the map hands over the features of
 * its loaded tiles, so only the area the map has loaded is searched, and that is said in the UI.
 */

/** A feature as MapLibre's querySourceFeatures gives it, with the layer of the tile it came from. */
export interface NamedFeatureInput {
  geometry: Geometry;
  properties: Record<string, unknown> | null;
  sourceLayer?: string;
}

export interface PlaceMatch {
  name: string;
  /** What it is, in words: "Street (residential)", "Place (suburb)". */
  kind: string;
  /** Where to fly: a point itself, the middle of a line, the centre of an area. */
  point: LatLon;
}

/** Name properties of the OpenMapTiles and Protomaps schemas, the local name first. */
const NAME_KEYS = ['name', 'name:latin', 'name_en', 'name:en'] as const;

/** Source layers of both schemas, as a person would call what they hold. */
const LAYER_WORDS: Record<string, string> = {
  transportation_name: 'Street',
  transportation: 'Street',
  roads: 'Street',
  place: 'Place',
  places: 'Place',
  water_name: 'Water',
  water: 'Water',
  waterway: 'Waterway',
  poi: 'Point of interest',
  pois: 'Point of interest',
  park: 'Park',
  landuse: 'Land use',
  landcover: 'Land cover',
  aerodrome_label: 'Airport',
  mountain_peak: 'Peak',
  building: 'Building',
  buildings: 'Building',
  housenumber: 'House number',
  boundary: 'Boundary',
  boundaries: 'Boundary',
  transit: 'Transit',
};

/** Same-named pieces closer than this are one street or place (a street is cut at every tile edge). */
const SAME_PLACE_KM = 2;

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function namesOf(properties: Record<string, unknown> | null): string[] {
  if (!properties) return [];
  const names: string[] = [];
  for (const key of NAME_KEYS) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim() && !names.includes(value.trim())) names.push(value.trim());
  }
  return names;
}

function kindOf(feature: NamedFeatureInput): string {
  const layer = feature.sourceLayer ?? '';
  const word = LAYER_WORDS[layer] ?? (layer ? layer.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()) : 'Feature');
  const detail = feature.properties?.class ?? feature.properties?.kind ?? feature.properties?.subclass;
  return typeof detail === 'string' && detail ? `${word} (${detail.replace(/_/g, ' ')})` : word;
}

/** How well a name answers the query: lower is better, null is no match. */
function rank(name: string, query: string): number | null {
  const candidate = normalise(name);
  if (candidate === query) return 0;
  if (candidate.startsWith(query)) return 1;
  if (candidate.split(' ').some((word) => word.startsWith(query))) return 2;
  return candidate.includes(query) ? 3 : null;
}

/** The point to fly to and how much of the feature there is (longer lines and larger areas win). */
function placeOf(geometry: Geometry): { point: LatLon; size: number } | null {
  switch (geometry.type) {
    case 'Point':
      return at(geometry.coordinates, 0);
    case 'MultiPoint':
      return geometry.coordinates[0] ? at(geometry.coordinates[0], 0) : null;
    case 'LineString':
      return middleOf(geometry);
    case 'MultiLineString':
      return largest(geometry.coordinates.map((coordinates) => middleOf({ type: 'LineString', coordinates })));
    case 'Polygon':
      return centreOf(geometry);
    case 'MultiPolygon':
      return largest(geometry.coordinates.map((coordinates) => centreOf({ type: 'Polygon', coordinates })));
    default:
      return null;
  }
}

function at([lon, lat]: Position, size: number): { point: LatLon; size: number } | null {
  return lon === undefined || lat === undefined ? null : { point: { lat, lon }, size };
}

function middleOf(line: LineString): { point: LatLon; size: number } | null {
  if (line.coordinates.length < 2) return line.coordinates[0] ? at(line.coordinates[0], 0) : null;
  const kilometres = length({ type: 'Feature', geometry: line, properties: {} });
  return at(along(line, kilometres / 2).geometry.coordinates, kilometres);
}

function centreOf(polygon: Polygon): { point: LatLon; size: number } | null {
  const ring = polygon.coordinates[0];
  if (!ring || ring.length < 4) return null;
  // The ring's length stands in for its size: enough to pick the main part of a multipart area.
  return at(
    centerOfMass(polygon).geometry.coordinates,
    length({ type: 'Feature', geometry: { type: 'LineString', coordinates: ring }, properties: {} }),
  );
}

function largest(places: ({ point: LatLon; size: number } | null)[]): { point: LatLon; size: number } | null {
  return places.reduce<{ point: LatLon; size: number } | null>(
    (best, place) => (place && (!best || place.size > best.size) ? place : best),
    null,
  );
}

const kilometresBetween = (a: LatLon, b: LatLon) => distance([a.lon, a.lat], [b.lon, b.lat]);

/**
 * The named features that answer the query, best first: whole-name matches, then names starting
 * with it, then a word starting with it, then any part. Pieces of one street or place (cut at tile
 * edges, or into segments) are one answer, placed on its largest piece; the same name far away is
 * another answer.
 */
export function searchPlaceNames(features: Iterable<NamedFeatureInput>, text: string, limit = 8): PlaceMatch[] {
  const query = normalise(text);
  if (query.length < 2) return [];
  const found: { match: PlaceMatch; rank: number; size: number }[] = [];
  for (const feature of features) {
    const names = namesOf(feature.properties);
    const ranks = names.map((name) => rank(name, query)).filter((value): value is number => value !== null);
    if (ranks.length === 0) continue;
    const place = placeOf(feature.geometry);
    if (!place) continue;
    const name = names[0] as string;
    const kind = kindOf(feature);
    const best = Math.min(...ranks);
    const same = found.find(
      (entry) =>
        entry.match.name === name && entry.match.kind === kind && kilometresBetween(entry.match.point, place.point) < SAME_PLACE_KM,
    );
    if (!same) found.push({ match: { name, kind, point: place.point }, rank: best, size: place.size });
    else if (place.size > same.size) Object.assign(same, { match: { ...same.match, point: place.point }, size: place.size });
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.match.name.localeCompare(b.match.name) || a.match.kind.localeCompare(b.match.kind))
    .slice(0, limit)
    .map((entry) => entry.match);
}
