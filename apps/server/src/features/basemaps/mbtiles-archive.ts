import Database from 'better-sqlite3';
import type { TileFormat } from '@argus/contracts/http/basemaps';
import { attributionOf, checkedBounds, invalidArchive, vectorSchemaOf, type ArchiveFacts, type TileReader } from './archive';

/** Every SQLite database, MBTiles included, begins with this 16-byte string. */
export const isSqliteHead = (head: Buffer) => head.length >= 16 && head.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000';

/**
 * Whether an SQLite file is in WAL mode (header bytes 18 and 19 are 2): even read-only, SQLite would
 * then write -wal and -shm files beside the stored archive, which would outlive it.
 */
export const isWalMode = (head: Buffer) => head[18] === 2 || head[19] === 2;

/** The MBTiles `format` metadata values Argus serves, and what each is. */
const FORMATS: Record<string, TileFormat> = { pbf: 'mvt', mvt: 'mvt', png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' };

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const isGzipped = (data: Buffer) => data[0] === GZIP_MAGIC[0] && data[1] === GZIP_MAGIC[1];

const TILE_QUERY = 'SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?';

const openReadOnly = (file: string) => {
  try {
    return new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw invalidArchive('it is not an SQLite database.');
  }
};

/** Reads a stored MBTiles file's metadata; a 400 when it is not an MBTiles archive Argus can serve. */
export function inspectMbtiles(file: string): ArchiveFacts {
  const db = openReadOnly(file);
  try {
    let rows: { name: unknown; value: unknown }[];
    try {
      rows = db.prepare('SELECT name, value FROM metadata').all() as typeof rows;
      db.prepare(TILE_QUERY);
    } catch {
      throw invalidArchive('it has no MBTiles metadata and tiles tables.');
    }
    const metadata = new Map(rows.map((row) => [String(row.name), String(row.value)]));
    const declared = metadata.get('format')?.trim().toLowerCase();
    const tileFormat = declared ? FORMATS[declared] : undefined;
    if (!tileFormat)
      throw invalidArchive(
        declared
          ? `its tile format "${declared.slice(0, 20)}" is not one Argus serves (pbf, png, jpg or webp).`
          : 'its metadata does not name the tile format (pbf, png, jpg or webp).',
      );
    const zooms = db.prepare('SELECT MIN(zoom_level) AS min, MAX(zoom_level) AS max FROM tiles').get() as { min: unknown; max: unknown };
    const minZoom = zoomOf(metadata.get('minzoom')) ?? zoomOf(zooms.min);
    const maxZoom = zoomOf(metadata.get('maxzoom')) ?? zoomOf(zooms.max);
    if (minZoom === null || maxZoom === null) throw invalidArchive('it holds no tiles.');
    if (minZoom > maxZoom) throw invalidArchive('its zoom range is not valid.');
    const vector = tileFormat === 'mvt';
    return {
      tileType: vector ? 'vector' : 'raster',
      tileFormat,
      tileGzip: false,
      vectorSchema: vector ? vectorSchemaOf(parseJson(metadata.get('json'))) : null,
      minZoom,
      maxZoom,
      bounds: checkedBounds((metadata.get('bounds') ?? '').split(',').map((part) => Number.parseFloat(part))),
      attribution: attributionOf(metadata.get('attribution')),
    };
  } finally {
    db.close();
  }
}

/** An open MBTiles file; rows are in TMS order (y up), so y is flipped on the way in. */
export function openMbtiles(file: string): TileReader {
  const db = openReadOnly(file);
  const query = db.prepare<[number, number, number], { tile_data: Buffer }>(TILE_QUERY);
  return {
    async tile(z, x, y) {
      const row = query.get(z, x, 2 ** z - 1 - y);
      if (!row?.tile_data || row.tile_data.length === 0) return null;
      return { data: row.tile_data, gzip: isGzipped(row.tile_data) };
    },
    async close() {
      db.close();
    },
  };
}

function zoomOf(value: unknown): number | null {
  const zoom = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(zoom) && zoom >= 0 && zoom <= 30 ? zoom : null;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
