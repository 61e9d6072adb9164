import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { PbfWriter } from 'pbf';
import { zxyToTileId } from 'pmtiles';

/** A real 1×1 PNG, as a raster tile. */
export { PNG } from './evidence-fixtures';

/** The smallest real WebP (lossless 1×1), as a raster tile. */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** Layer names of the two vector schemes, as their `vector_layers` metadata lists them. */
export const OPENMAPTILES_LAYERS = [
  'water',
  'landcover',
  'landuse',
  'transportation',
  'transportation_name',
  'building',
  'place',
  'water_name',
];
export const PROTOMAPS_LAYERS = ['earth', 'water', 'landuse', 'roads', 'buildings', 'places', 'pois', 'boundaries'];

const vectorLayers = (ids: string[]) => ids.map((id) => ({ id, fields: {} }));

/** A Mapbox Vector Tile holding one layer with one point at the tile's centre, encoded with pbf. */
export function vectorTile(layerName: string): Buffer {
  const pbf = new PbfWriter();
  pbf.writeMessage(
    3,
    (_: null, layer) => {
      layer.writeVarintField(15, 2);
      layer.writeStringField(1, layerName);
      layer.writeMessage(
        2,
        (__: null, feature) => {
          feature.writeVarintField(3, 1); // POINT
          // MoveTo once, to (2048, 2048) zigzag-encoded.
          feature.writePackedVarint(4, [(1 << 3) | 1, 4096, 4096]);
        },
        null,
      );
      layer.writeVarintField(5, 4096);
    },
    null,
  );
  return Buffer.from(pbf.finish());
}

export interface FixtureTile {
  z: number;
  x: number;
  /** XYZ numbering (y down), as the browser asks; MBTiles rows are written flipped. */
  y: number;
  data: Buffer;
}

const tempFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'argus-basemap-')), name);

/** An MBTiles file written with better-sqlite3: the metadata given and the tiles in TMS rows. */
export function buildMbtiles(metadata: Record<string, string>, tiles: FixtureTile[], journalMode: 'delete' | 'wal' = 'delete'): Buffer {
  const file = tempFile('fixture.mbtiles');
  const db = new Database(file);
  db.pragma(`journal_mode = ${journalMode}`);
  db.exec('CREATE TABLE metadata (name TEXT, value TEXT)');
  db.exec('CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)');
  db.exec('CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)');
  const meta = db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
  for (const [name, value] of Object.entries(metadata)) meta.run(name, value);
  const tile = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  for (const { z, x, y, data } of tiles) tile.run(z, x, 2 ** z - 1 - y, data);
  db.close();
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

/** A vector MBTiles in the OpenMapTiles scheme (as tilemaker writes it): gzipped MVT. */
export function vectorMbtiles(tiles: FixtureTile[]): Buffer {
  return buildMbtiles(
    {
      name: 'Test extract',
      format: 'pbf',
      minzoom: '0',
      maxzoom: '14',
      bounds: '2.2,48.8,2.5,48.9',
      attribution: '© OpenStreetMap contributors',
      json: JSON.stringify({ vector_layers: vectorLayers(OPENMAPTILES_LAYERS) }),
    },
    tiles,
  );
}

/** The tile types and compressions of the PMTiles v3 header that the tests use. */
export const PMTILES_TYPE = { mvt: 1, png: 2, jpeg: 3, webp: 4, avif: 5 } as const;
export const PMTILES_COMPRESSION = { none: 1, gzip: 2, brotli: 3 } as const;

export interface PmtilesOptions {
  tileType: number;
  tileCompression: number;
  /** How the directory and metadata are compressed; none unless given. */
  internalCompression?: number;
  tiles: FixtureTile[];
  metadata: Record<string, unknown>;
  minZoom?: number;
  maxZoom?: number;
  bounds?: [number, number, number, number];
}

/**
 * A PMTiles v3 archive, written by hand because no npm package writes one (the `pmtiles` package
 * only reads): the 127-byte header, one root directory of varint-encoded entries, the JSON
 * metadata and the tile data, the directory and metadata gzipped or not. Tiles are stored as
 * given, so a gzip archive is handed gzipped tiles.
 */
export function buildPmtiles(options: PmtilesOptions): Buffer {
  const entries = options.tiles.map((tile) => ({ id: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data })).sort((a, b) => a.id - b.id);
  const tileData = Buffer.concat(entries.map((entry) => entry.data));
  // Columns, as the format lays them out: id deltas, run lengths, lengths, offsets (0: right after the previous).
  const directory: number[] = [entries.length];
  let previousId = 0;
  for (const entry of entries) {
    directory.push(entry.id - previousId);
    previousId = entry.id;
  }
  for (const _ of entries) directory.push(1);
  for (const entry of entries) directory.push(entry.data.length);
  let offset = 0;
  for (const [index, entry] of entries.entries()) {
    directory.push(index === 0 ? offset + 1 : 0);
    offset += entry.data.length;
  }
  const gzipped = options.internalCompression === PMTILES_COMPRESSION.gzip;
  const internal = (bytes: Buffer) => (gzipped ? gzipSync(bytes) : bytes);
  const root = internal(Buffer.from(directory.flatMap(varint)));
  const metadata = internal(Buffer.from(JSON.stringify(options.metadata)));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileDataOffset + tileData.length);
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, tileData.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(options.internalCompression ?? PMTILES_COMPRESSION.none, 97);
  header.writeUInt8(options.tileCompression, 98);
  header.writeUInt8(options.tileType, 99);
  header.writeUInt8(options.minZoom ?? 0, 100);
  header.writeUInt8(options.maxZoom ?? 14, 101);
  const [west, south, east, north] = options.bounds ?? [-180, -85, 180, 85];
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  header.writeUInt8(0, 118);
  e7(119, (west + east) / 2);
  e7(123, (south + north) / 2);
  return Buffer.concat([header, root, metadata, tileData]);
}

/** A vector PMTiles in the Protomaps basemap scheme, its directory, metadata and tiles gzipped as Protomaps builds are. */
export function vectorPmtiles(tiles: FixtureTile[]): Buffer {
  return buildPmtiles({
    tileType: PMTILES_TYPE.mvt,
    tileCompression: PMTILES_COMPRESSION.gzip,
    internalCompression: PMTILES_COMPRESSION.gzip,
    tiles: tiles.map((tile) => ({ ...tile, data: gzipSync(tile.data) })),
    metadata: { attribution: 'Protomaps © OpenStreetMap', vector_layers: vectorLayers(PROTOMAPS_LAYERS) },
    bounds: [13.3, 52.4, 13.5, 52.6],
  });
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}
