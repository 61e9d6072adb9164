import fs from 'node:fs/promises';
import { Compression, PMTiles, SharedPromiseCache, TileType as PmTileType, type RangeResponse, type Source } from 'pmtiles';
import type { TileFormat } from '@argus/contracts/http/basemaps';
import { attributionOf, checkedBounds, invalidArchive, vectorSchemaOf, type ArchiveFacts, type TileReader } from './archive';

/** PMTiles v3 begins with these 7 bytes and the version byte 3. */
export const isPmtilesHead = (head: Buffer) => head.length >= 8 && head.subarray(0, 7).toString('latin1') === 'PMTiles' && head[7] === 3;

/** The `pmtiles` library reads archives through a Source; this one reads byte ranges of a file on disk. */
class FileRangeSource implements Source {
  constructor(
    private readonly file: fs.FileHandle,
    private readonly key: string,
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const data = new ArrayBuffer(length);
    const { bytesRead } = await this.file.read(new Uint8Array(data), 0, length, offset);
    // The library asks for a fixed first read that may run past the end of a small archive.
    return { data: bytesRead < length ? data.slice(0, bytesRead) : data };
  }
}

const TILE_FORMATS: Partial<Record<PmTileType, TileFormat>> = {
  [PmTileType.Mvt]: 'mvt',
  [PmTileType.Png]: 'png',
  [PmTileType.Jpeg]: 'jpeg',
  [PmTileType.Webp]: 'webp',
};

/** Reads the header and metadata of a stored PMTiles archive; a 400 when they are not usable. */
export async function inspectPmtiles(file: string): Promise<ArchiveFacts> {
  const handle = await fs.open(file, 'r');
  try {
    const archive = new PMTiles(new FileRangeSource(handle, file));
    const header = await archive.getHeader().catch(() => {
      throw invalidArchive('its PMTiles header cannot be read.');
    });
    const tileFormat = TILE_FORMATS[header.tileType];
    if (!tileFormat) throw invalidArchive('its tiles are in a format Argus does not serve (use vector MVT, PNG, JPEG or WebP).');
    if (header.tileCompression !== Compression.None && header.tileCompression !== Compression.Gzip)
      throw invalidArchive('its tiles are compressed other than with gzip; rebuild it with gzip or no tile compression.');
    if (header.minZoom > header.maxZoom || header.maxZoom > 30) throw invalidArchive('its zoom range is not valid.');
    const metadata = await archive.getMetadata().catch(() => {
      throw invalidArchive('its metadata cannot be read.');
    });
    const vector = tileFormat === 'mvt';
    return {
      tileType: vector ? 'vector' : 'raster',
      tileFormat,
      tileGzip: header.tileCompression === Compression.Gzip,
      vectorSchema: vector ? vectorSchemaOf(metadata) : null,
      minZoom: header.minZoom,
      maxZoom: header.maxZoom,
      bounds: checkedBounds([header.minLon, header.minLat, header.maxLon, header.maxLat]),
      attribution: attributionOf((metadata as { attribution?: unknown } | null)?.attribution),
    };
  } finally {
    await handle.close();
  }
}

/** An open PMTiles archive; tiles come back as stored (gzipped or not), never inflated, so they are sent as they are. */
export async function openPmtiles(file: string, gzip: boolean): Promise<TileReader> {
  const handle = await fs.open(file, 'r');
  // Directories are decompressed by the cache; tiles pass through the identity function untouched.
  const archive = new PMTiles(new FileRangeSource(handle, file), new SharedPromiseCache(), async (bytes) => bytes);
  let reading = 0;
  let closing: (() => void) | null = null;
  return {
    async tile(z, x, y) {
      reading += 1;
      try {
        const found = await archive.getZxy(z, x, y);
        return found ? { data: Buffer.from(found.data), gzip } : null;
      } finally {
        reading -= 1;
        if (reading === 0) closing?.();
      }
    },
    // A reader evicted while it still answers closes when its last read is done.
    async close() {
      if (reading > 0) await new Promise<void>((resolve) => (closing = resolve));
      await handle.close();
    },
  };
}
