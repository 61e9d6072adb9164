import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { checkKey, keyOf, type ByteSpan, type FileStore, type PutStreamOptions, type StoredFile, type StreamedFile } from '../file-store';
import { hashStream } from './hash-stream';
import type { LocalCopies } from './local-copies';
import { meteredIntake } from './metered-intake';

/** Rows of this size: large enough that a 2 GiB video is 2,048 rows, small enough to hold one in memory. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Files kept in PostgreSQL itself (FILE_STORE_URL=postgres, docs/decisions/0055-shared-file-storage.md): every
 * server process on the database reads the same bytes, and a scale-out deployment needs nothing beyond
 * PostgreSQL and Redis. An upload is written chunk by chunk as it arrives, each insert awaited before the
 * next chunk is read (backpressure: memory stays flat), and becomes a file only when its row in
 * file_store_files is inserted, after the last chunk.
 */
export class PostgresFileStore implements FileStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** Keeps stores apart in one table: deleting a basemap never removes bytes evidence shares. */
    private readonly namespace: string,
    private readonly copies: LocalCopies,
  ) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const { key, sha256, size } = await this.putStream(Readable.from([bytes]), { maxBytes: Number.POSITIVE_INFINITY, headBytes: 0 });
    return { key, sha256, size };
  }

  async putStream(source: Readable, options: PutStreamOptions): Promise<StreamedFile> {
    const uploadId = randomUUID();
    const facts = await meteredIntake(
      source,
      options,
      async (bytes) => {
        let seq = 0;
        for await (const chunk of chunksOf(bytes, CHUNK_BYTES)) {
          await this.db.insertInto('file_store_chunks').values({ upload_id: uploadId, seq, bytes: chunk }).execute();
          seq += 1;
        }
      },
      () => this.dropUpload(uploadId),
    );
    const key = keyOf(facts.sha256);
    const inserted = await this.db
      .insertInto('file_store_files')
      .values({ namespace: this.namespace, key, upload_id: uploadId, size: facts.size, created_at: Date.now() })
      .onConflict((conflict) => conflict.columns(['namespace', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    // The same bytes were stored before: keep the first copy.
    if (!inserted) await this.dropUpload(uploadId);
    return { key, ...facts };
  }

  async get(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.open(key) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  open(key: string, range?: ByteSpan): Readable {
    return Readable.from(this.read(checkKey(key), range), { objectMode: false });
  }

  hash(key: string): Promise<{ sha256: string; size: number }> {
    return hashStream(this.open(key));
  }

  localCopy(key: string): Promise<string> {
    return this.copies.get(key);
  }

  async remove(key: string): Promise<void> {
    const removed = await this.db
      .deleteFrom('file_store_files')
      .where('namespace', '=', this.namespace)
      .where('key', '=', checkKey(key))
      .returning('upload_id')
      .executeTakeFirst();
    if (removed) await this.dropUpload(removed.upload_id);
    await this.copies.forget(key);
  }

  private async *read(key: string, range: ByteSpan | undefined): AsyncGenerator<Buffer> {
    const file = await this.db
      .selectFrom('file_store_files')
      .select(['upload_id', 'size'])
      .where('namespace', '=', this.namespace)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!file) throw new Error(`No stored file ${key}.`);
    const size = Number(file.size);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    // One row at a time, and only the part of it the range covers: a seek in a video reads one chunk or two.
    for (let seq = Math.floor(start / CHUNK_BYTES); seq * CHUNK_BYTES <= end; seq += 1) {
      const offset = seq * CHUNK_BYTES;
      const from = Math.max(start, offset) - offset;
      const length = Math.min(end, offset + CHUNK_BYTES - 1) - offset - from + 1;
      const row = await this.db
        .selectFrom('file_store_chunks')
        .select(sql<Buffer>`substring(bytes from ${from + 1} for ${length})`.as('bytes'))
        .where('upload_id', '=', file.upload_id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row || row.bytes.length !== length) throw new Error(`The stored file ${key} is missing bytes from ${offset + from}.`);
      yield row.bytes;
    }
  }

  private async dropUpload(uploadId: string): Promise<void> {
    await this.db.deleteFrom('file_store_chunks').where('upload_id', '=', uploadId).execute();
  }
}

/** Regroups a stream's bytes into pieces of exactly `size` bytes (the last one shorter), so chunk n starts at n × size. */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    pending.push(piece);
    pendingLength += piece.length;
    while (pendingLength >= size) {
      const whole = Buffer.concat(pending, pendingLength);
      yield whole.subarray(0, size);
      pending = [whole.subarray(size)];
      pendingLength -= size;
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending, pendingLength);
}
