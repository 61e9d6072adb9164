import type { TileFormat, TileType, VectorSchema } from '@argus/contracts/http/basemaps';
import { AppError } from '../../lib/app-error';

/** What Argus learns from an archive's header and metadata, kept on its row. */
export interface ArchiveFacts {
  tileType: TileType;
  tileFormat: TileFormat;
  /** Whether every tile is stored gzipped (PMTiles); MBTiles tiles are checked one by one. */
  tileGzip: boolean;
  vectorSchema: VectorSchema | null;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number] | null;
  attribution: string;
}

/** One tile as stored, and whether its bytes are gzipped. */
export interface StoredTile {
  data: Buffer;
  gzip: boolean;
}

/** An open archive that answers tiles by z/x/y (XYZ numbering, y down); null when the archive has none there. */
export interface TileReader {
  tile(z: number, x: number, y: number): Promise<StoredTile | null>;
  close(): Promise<void>;
}

/** A 400 naming what is wrong with an uploaded archive. */
export const invalidArchive = (why: string) => new AppError('validation_failed', `This is not a usable basemap file: ${why}`);

/**
 * Layer names that tell the two common vector schemes apart: OpenMapTiles (also what tilemaker
 * writes by default) and the Protomaps basemap.
 */
const SCHEMA_LAYERS: Record<Exclude<VectorSchema, 'unknown'>, string[]> = {
  openmaptiles: ['transportation', 'landcover', 'water_name', 'transportation_name', 'housenumber'],
  protomaps: ['earth', 'roads', 'places', 'pois', 'boundaries'],
};

/** The vector scheme of an archive from its metadata's `vector_layers`: the scheme most of whose signature layers it has. */
export function vectorSchemaOf(metadata: unknown): VectorSchema {
  const layers = (metadata as { vector_layers?: unknown } | null)?.vector_layers;
  if (!Array.isArray(layers)) return 'unknown';
  const ids = new Set(layers.map((layer) => (layer as { id?: unknown } | null)?.id).filter((id) => typeof id === 'string'));
  for (const [schema, signature] of Object.entries(SCHEMA_LAYERS)) {
    if (signature.filter((layer) => ids.has(layer)).length >= 3) return schema as VectorSchema;
  }
  return 'unknown';
}

/** Bounds as [west, south, east, north] when they are numbers within the world; otherwise null. */
export function checkedBounds(values: number[]): [number, number, number, number] | null {
  const [west, south, east, north] = values;
  if (values.length !== 4 || values.some((value) => !Number.isFinite(value))) return null;
  if (Math.abs(west!) > 180 || Math.abs(east!) > 180 || Math.abs(south!) > 90 || Math.abs(north!) > 90 || south! > north!) return null;
  return [west!, south!, east!, north!];
}

/** An attribution from metadata: one line of text, bounded; control characters and broken surrogates (which PostgreSQL cannot store) become spaces. */
export function attributionOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  // Cut by code points, so a pair is never split into a broken half.
  return [...value.replace(/[\p{Cc}\p{Cs}]+/gu, ' ').trim()].slice(0, 500).join('');
}
