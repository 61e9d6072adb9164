// shpjs ships no types. Its declaration is referenced from here (not only found by the server project) so every project compiling this file, the e2e set-up too, sees it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration cannot be imported
/// <reference path="./shpjs.d.ts" />
import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import { getShapefile } from 'shpjs';
import { ZONE_IMPORT_LIMITS, type ZoneImportFormat } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';
import { nestsDeeperThan } from '../../lib/json-depth';
import { projectionFor, reprojectGeometry } from './reproject';
import { safeUnzip, zipEntryNames } from './safe-unzip';
import { sniff } from './sniff';

/** A feature as found in the file: its geometry (any type, or none) and its attributes. */
export interface RawFeature {
  geometry: { type: string; coordinates?: unknown; geometries?: unknown } | null;
  properties: Record<string, string | number | boolean | null>;
}

export interface ParsedFile {
  format: ZoneImportFormat;
  features: RawFeature[];
}

const unreadable = (what: string) => new AppError('validation_failed', what);
const FORMAT_NAMES: Record<ZoneImportFormat, string> = { geojson: 'GeoJSON', kml: 'KML', kmz: 'KMZ', gpx: 'GPX', shapefile: 'shapefile' };
const decoder = new TextDecoder('utf-8', { fatal: false });
/**
 * A position in a FeatureCollection's MultiPolygon sits 8 levels down, a GeometryCollection adds two per
 * level, and attributes may hold a little structure: 64 leaves real files plenty of room.
 */
const MAX_GEOJSON_DEPTH = 64;

/** Attribute values as the wire carries them: nested values become short JSON text. */
function flatten(properties: unknown): RawFeature['properties'] {
  const out: RawFeature['properties'] = {};
  if (!properties || typeof properties !== 'object') return out;
  for (const [key, value] of Object.entries(properties).slice(0, 200)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key.slice(0, 200)] = typeof value === 'string' ? value.slice(0, 2_000) : value;
    else if (value !== undefined) out[key.slice(0, 200)] = (JSON.stringify(value) ?? '').slice(0, 2_000);
  }
  return out;
}

function asGeometry(value: unknown): RawFeature['geometry'] {
  return value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
    ? (value as NonNullable<RawFeature['geometry']>)
    : null;
}

function featuresOf(collection: unknown): RawFeature[] {
  const list = (collection as { features?: unknown })?.features;
  if (!Array.isArray(list)) return [];
  return list.map((feature: { geometry?: unknown; properties?: unknown }) => ({
    geometry: asGeometry(feature?.geometry),
    properties: flatten(feature?.properties),
  }));
}

function parseGeoJson(text: string): RawFeature[] {
  if (nestsDeeperThan(text, MAX_GEOJSON_DEPTH)) {
    throw unreadable(
      `The file nests lists or objects more than ${MAX_GEOJSON_DEPTH} levels deep; no map data needs that many, so it was not read.`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw unreadable('The file looks like GeoJSON but is not valid JSON (it may be cut short).');
  }
  if (!document || typeof document !== 'object') throw unreadable('The GeoJSON file holds no object.');
  const root = document as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  let features: RawFeature[];
  if (root.type === 'FeatureCollection') {
    if (!Array.isArray(root.features)) throw unreadable('The FeatureCollection has no "features" list.');
    features = featuresOf(root);
  } else if (root.type === 'Feature') {
    features = featuresOf({ features: [root] });
  } else if (typeof root.type === 'string') {
    features = [{ geometry: asGeometry(root), properties: {} }];
  } else {
    throw unreadable('The JSON is not GeoJSON: it has no "type" of FeatureCollection, Feature or a geometry.');
  }
  const crsName = root.crs?.properties?.name;
  if (typeof crsName === 'string') {
    const projection = projectionFor(crsName);
    if (projection === undefined)
      throw unreadable(
        `The file is in the coordinate system ${crsName.slice(0, 80)}, which Argus does not know. Save it as WGS84 (EPSG:4326).`,
      );
    if (projection !== null) for (const feature of features) if (feature.geometry) reprojectGeometry(feature.geometry, projection);
  }
  return features;
}

function parseXml(text: string, format: 'kml' | 'gpx'): RawFeature[] {
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw unreadable(`The file is not well-formed XML, so it cannot be read as ${format.toUpperCase()}.`);
  }
  return featuresOf(format === 'kml' ? kml(document) : gpx(document));
}

async function parseZip(bytes: Uint8Array): Promise<ParsedFile> {
  const names = zipEntryNames(bytes).filter((name) => !name.startsWith('__MACOSX/') && !name.endsWith('/'));
  const lower = names.map((name) => name.toLowerCase());
  const shapes = names.filter((_, index) => lower[index]!.endsWith('.shp'));
  if (shapes.length > 0) {
    const bases = new Set(shapes.map((name) => name.slice(0, -4).toLowerCase()));
    const files = safeUnzip(
      bytes,
      (name) => bases.has(name.toLowerCase().replace(/\.(shp|dbf|prj|cpg)$/, '')) && /\.(shp|dbf|prj|cpg)$/i.test(name),
    );
    const byBase = new Map<string, Record<string, Uint8Array>>();
    for (const [name, data] of Object.entries(files)) {
      const base = name.slice(0, -4).toLowerCase();
      byBase.set(base, { ...byBase.get(base), [name.slice(-3).toLowerCase()]: data });
    }
    const features: RawFeature[] = [];
    for (const [base, parts] of byBase) {
      if (!parts.shp) continue;
      try {
        // shpjs reprojects to WGS84 with proj4 when the .prj defines the coordinate system.
        const collection = await getShapefile({
          shp: parts.shp,
          dbf: parts.dbf,
          prj: parts.prj ? decoder.decode(parts.prj) : undefined,
          cpg: parts.cpg ? decoder.decode(parts.cpg) : undefined,
        });
        features.push(...featuresOf(collection));
      } catch {
        throw unreadable(`The shapefile ${base.split('/').pop()}.shp in the zip is damaged and cannot be read.`);
      }
    }
    return { format: 'shapefile', features };
  }
  const kmlName = names.find((name) => name.toLowerCase() === 'doc.kml') ?? names.find((name) => name.toLowerCase().endsWith('.kml'));
  if (kmlName) {
    const files = safeUnzip(bytes, (name) => name === kmlName);
    return { format: 'kmz', features: parseXml(decoder.decode(files[kmlName]), 'kml') };
  }
  throw unreadable('The zip holds neither a shapefile (.shp with its .dbf) nor a KML document, so it is not a KMZ or a zipped shapefile.');
}

/** Reads an uploaded file of any supported format into raw features; every failure is a clear AppError. */
export async function parseImportFile(bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.length > ZONE_IMPORT_LIMITS.maxFileBytes)
    throw new AppError(
      'payload_too_large',
      `The file is larger than ${ZONE_IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB, the most a zone import may be.`,
    );
  const sniffed = sniff(bytes);
  if (sniffed.kind === 'unknown') throw new AppError('unsupported_media_type', sniffed.reason);
  let parsed: ParsedFile;
  try {
    if (sniffed.kind === 'zip') parsed = await parseZip(bytes);
    else {
      const text = decoder.decode(bytes).replace(/^\uFEFF/, '');
      parsed = { format: sniffed.format, features: sniffed.format === 'geojson' ? parseGeoJson(text) : parseXml(text, sniffed.format) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RangeError) throw unreadable('The file is nested too deeply to be read.');
    throw unreadable('The file could not be read: it is damaged or not in the format it appears to be.');
  }
  if (parsed.features.length === 0) throw unreadable(`The ${FORMAT_NAMES[parsed.format]} file holds no features.`);
  if (parsed.features.length > ZONE_IMPORT_LIMITS.maxFeatures) {
    throw new AppError(
      'payload_too_large',
      `The file holds ${parsed.features.length.toLocaleString('en')} features; one import may hold at most ${ZONE_IMPORT_LIMITS.maxFeatures.toLocaleString('en')}.`,
    );
  }
  return parsed;
}
