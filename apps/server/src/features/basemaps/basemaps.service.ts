import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatBytes } from '@argus/contracts/evidence';
import type { CreateOnlineBasemapRequest, TileParams, UpdateBasemapRequest } from '@argus/contracts/http/basemaps';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { FileTooLargeError, type FileStore, type StreamedFile } from '../../lib/file-store';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import { invalidArchive, type ArchiveFacts, type StoredTile, type TileReader } from './archive';
import type { BasemapRow, BasemapsRepository } from './basemaps.repository';
import { inspectMbtiles, isSqliteHead, isWalMode, openMbtiles } from './mbtiles-archive';
import { inspectPmtiles, isPmtilesHead, openPmtiles } from './pmtiles-archive';
import { TileReaders } from './tile-readers';

/** What is known about an uploaded archive besides its bytes. */
export interface BasemapUpload {
  name: string | undefined;
  filename: string | undefined;
  /** Announced size (Content-Length), refused at once when over the limit. */
  declaredSize: number | null;
}

/** A tile to send: its bytes and what the archive is, for the headers. */
export interface ServedTile extends StoredTile {
  basemap: BasemapRow;
}

const NOT_FOUND = 'No such basemap.';
/** Enough to tell PMTiles v3 (127-byte header) and SQLite (100-byte header) apart from anything else. */
const HEAD_BYTES = 127;
const OPEN_READERS = 16;

/**
 * Street basemaps (docs/decisions/0029-basemaps-served-by-argus.md): archives streamed to the file store with
 * memory flat, checked by their bytes and metadata and kept only when usable; online sources as
 * given; and the tiles of the archives, read through a small cache of open readers.
 */
export class BasemapsService {
  private readonly readers = new TileReaders(OPEN_READERS);
  private sources: readonly string[] = [];

  constructor(
    private readonly repository: BasemapsRepository,
    private readonly files: FileStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly maxBytes: number,
  ) {}

  /** The online sources' addresses as last read, for the pages' CSP (the browser fetches them itself). */
  onlineSources(): readonly string[] {
    return this.sources;
  }

  /** Rereads the online sources' addresses: at start, after a change here, and now and then for changes made by other server processes. */
  async refreshOnlineSources(): Promise<void> {
    const urls = await this.repository.onlineSourceUrls();
    // A new array only when something changed, so the CSP is rebuilt only then.
    if (urls.length !== this.sources.length || urls.some((url, index) => url !== this.sources[index])) this.sources = urls;
  }

  list(): Promise<BasemapRow[]> {
    return this.repository.list();
  }

  /** Stores an uploaded PMTiles or MBTiles archive; anything refused leaves no file and no row. */
  async upload(actorId: string | null, stream: Readable, meta: BasemapUpload, context: AuditContext): Promise<BasemapRow> {
    const refuse = (error: AppError) => {
      // Read the rest rather than leave the client blocked on a body nobody reads.
      stream.resume();
      return error;
    };
    if (!meta.name) throw refuse(new AppError('validation_failed', 'Give the basemap a name: POST /basemaps?name=…&filename=…'));
    if (!meta.filename) throw refuse(new AppError('validation_failed', 'Name the file: POST /basemaps?name=…&filename=…'));
    if (meta.declaredSize !== null && meta.declaredSize > this.maxBytes) throw refuse(this.tooLarge());
    const stored = await this.store(stream);
    let facts: ArchiveFacts;
    try {
      facts = await this.inspect(stored);
    } catch (error) {
      if (!(await this.repository.storageKeyInUse(stored.key))) await this.files.remove(stored.key);
      // A corrupt file can fail deep inside a reader; it is still the file that is wrong.
      throw error instanceof AppError ? error : invalidArchive('it cannot be read (the file may be damaged).');
    }
    const now = this.clock.now();
    const row = await this.repository.insertLast({
      ...this.rowOf(facts),
      id: randomUUID(),
      name: meta.name,
      kind: 'file',
      format: isPmtilesHead(stored.head) ? 'pmtiles' : 'mbtiles',
      is_default: 0,
      size_bytes: stored.size,
      filename: meta.filename,
      sha256: stored.sha256,
      storage_key: stored.key,
      source_url: null,
      created_by: actorId,
      created_at: now,
      updated_at: now,
    });
    await this.audit.append(context, 'basemap.create', row.id, {
      name: row.name,
      format: row.format,
      filename: row.filename,
      sha256: row.sha256,
      size: row.size_bytes,
    });
    return row;
  }

  /** Adds an online source; Argus never fetches it, the browser does. */
  async addOnline(actorId: string | null, request: CreateOnlineBasemapRequest, context: AuditContext): Promise<BasemapRow> {
    const now = this.clock.now();
    const row = await this.repository.insertLast({
      id: randomUUID(),
      name: request.name,
      kind: 'online',
      format: request.format,
      tile_type: request.tileType,
      tile_format: null,
      tile_gzip: 0,
      vector_schema: null,
      min_zoom: request.minZoom,
      max_zoom: request.maxZoom,
      bounds: null,
      attribution: request.attribution,
      is_default: 0,
      size_bytes: null,
      filename: null,
      sha256: null,
      storage_key: null,
      source_url: request.url,
      created_by: actorId,
      created_at: now,
      updated_at: now,
    });
    await this.refreshOnlineSources();
    await this.audit.append(context, 'basemap.create', row.id, { name: row.name, format: row.format, url: row.source_url });
    return row;
  }

  /** Renames, moves in the order, or makes (or stops being) the default, all in one transaction. */
  async update(id: string, changes: UpdateBasemapRequest, context: AuditContext): Promise<BasemapRow> {
    const updated = await this.repository.transaction(async (trx) => {
      await this.repository.lockAll(trx);
      const current = await this.repository.find(id, trx);
      if (!current) throw new AppError('not_found', NOT_FOUND);
      const now = this.clock.now();
      if (changes.name !== undefined) await this.repository.update(id, { name: changes.name }, trx);
      if (changes.attribution !== undefined) await this.repository.update(id, { attribution: changes.attribution }, trx);
      if (changes.order !== undefined) {
        const others = (await this.repository.list(trx)).filter((row) => row.id !== id);
        others.splice(Math.min(changes.order, others.length), 0, current);
        for (const [position, row] of others.entries()) {
          if (row.position !== position) await this.repository.update(row.id, { position }, trx);
        }
      }
      if (changes.isDefault === true) await this.repository.setDefault(id, trx);
      if (changes.isDefault === false && current.is_default === 1) await this.repository.setDefault(null, trx);
      await this.repository.update(id, { updated_at: now }, trx);
      return (await this.repository.find(id, trx))!;
    });
    await this.audit.append(context, 'basemap.update', id, { ...changes });
    return updated;
  }

  /** Deletes a basemap and, unless another basemap holds the same archive, its stored file. */
  async remove(id: string, context: AuditContext): Promise<void> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    await this.repository.remove(id);
    await this.readers.close(id);
    if (row.storage_key && !(await this.repository.storageKeyInUse(row.storage_key))) await this.files.remove(row.storage_key);
    if (row.kind === 'online') await this.refreshOnlineSources();
    await this.audit.append(context, 'basemap.delete', id, { name: row.name, format: row.format, sha256: row.sha256 });
  }

  /** A tile of an archive Argus serves; null when the archive has none at this place. */
  async tile({ id, z, x, y }: TileParams): Promise<ServedTile | null> {
    const basemap = await this.repository.find(id);
    if (!basemap?.storage_key)
      throw new AppError('not_found', basemap ? 'This basemap is online; its tiles come from its source.' : NOT_FOUND);
    if (x >= 2 ** z || y >= 2 ** z) throw new AppError('validation_failed', `At zoom ${z}, x and y are below ${2 ** z}.`);
    // The PMTiles library cannot number tiles past zoom 26; it holds none outside its header's range anyway.
    if (basemap.format === 'pmtiles' && (z < basemap.min_zoom || z > basemap.max_zoom)) return null;
    const key = basemap.storage_key;
    const reader = await this.readers.get(id, () => this.openReader(basemap.format, key, basemap.tile_gzip === 1));
    const tile = await reader.tile(z, x, y);
    return tile ? { ...tile, basemap } : null;
  }

  /** Closes every open archive (server shutdown). */
  close(): Promise<void> {
    return this.readers.closeAll();
  }

  private async store(stream: Readable): Promise<StreamedFile> {
    try {
      return await this.files.putStream(stream, {
        maxBytes: this.maxBytes,
        headBytes: HEAD_BYTES,
        inspect: (head) => {
          if (head.length === 0) throw new AppError('validation_failed', 'The file is empty.');
          if (!isPmtilesHead(head) && !isSqliteHead(head))
            throw invalidArchive('it is neither a PMTiles (version 3) nor an MBTiles archive, judging by its first bytes.');
          if (isSqliteHead(head) && isWalMode(head))
            throw invalidArchive('it is an SQLite database in WAL mode; switch it back first (sqlite3 FILE "PRAGMA journal_mode=DELETE").');
        },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof FileTooLargeError) throw this.tooLarge();
      throw new AppError('validation_failed', 'The upload was cut off before it finished; nothing was kept.');
    }
  }

  private async inspect(stored: StreamedFile): Promise<ArchiveFacts> {
    const file = await this.files.localCopy(stored.key);
    return isPmtilesHead(stored.head) ? await inspectPmtiles(file) : inspectMbtiles(file);
  }

  private async openReader(format: BasemapRow['format'], key: string, gzip: boolean): Promise<TileReader> {
    const file = await this.files.localCopy(key);
    return format === 'pmtiles' ? openPmtiles(file, gzip) : openMbtiles(file);
  }

  private rowOf(facts: ArchiveFacts) {
    return {
      tile_type: facts.tileType,
      tile_format: facts.tileFormat,
      tile_gzip: facts.tileGzip ? 1 : 0,
      vector_schema: facts.vectorSchema,
      min_zoom: facts.minZoom,
      max_zoom: facts.maxZoom,
      bounds: facts.bounds ? JSON.stringify(facts.bounds) : null,
      attribution: facts.attribution,
    };
  }

  private tooLarge(): AppError {
    return new AppError(
      'payload_too_large',
      `The file is larger than the ${formatBytes(this.maxBytes)} basemap limit (BASEMAP_MAX_BYTES).`,
    );
  }
}
