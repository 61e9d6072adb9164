import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { FileTooLargeError, UploadCutOffError, type FileStore } from '../src/lib/file-store';
import { createFileStores, type FileStores } from '../src/lib/file-stores/create-file-stores';
import { parseFileStoreUrl } from '../src/lib/file-stores/file-store-config';
import { CHUNK_BYTES } from '../src/lib/file-stores/postgres-file-store';
import { createTestDatabase, TEST_DIALECTS } from './databases';
import { S3RVER_CREDENTIALS, startS3rver } from './s3rver-process';

/**
 * One contract for every file store (docs/decisions/0055-shared-file-storage.md): the disk store always, the
 * PostgreSQL store when PostgreSQL answers (always in CI), and the S3 store against s3rver, an S3 API emulator
 * run as its own process (not AWS, nor a production S3 server). Each case checks what callers rely on: bytes back as
 * stored, byte ranges, SHA-256, nothing kept from a refused or broken upload, deletes, local copies.
 */

interface Subject {
  stores: FileStores;
  /** Bytes of unfinished uploads still held anywhere: must be none after every refusal. */
  leftovers(): Promise<number>;
  close(): Promise<void>;
}

const subjects: Record<string, () => Promise<Subject>> = {
  disk: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-files-'));
    const incoming = path.join(dataDir, 'files', 'incoming');
    return {
      stores: createFileStores({ kind: 'disk' }, dataDir, null as never),
      leftovers: async () => (fs.existsSync(incoming) ? fs.readdirSync(incoming).length : 0),
      close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};
if (TEST_DIALECTS.includes('postgres')) {
  subjects.postgres = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-files-'));
    const db: Db = await createTestDatabase('postgres');
    return {
      stores: createFileStores({ kind: 'postgres' }, dataDir, db.kysely),
      leftovers: async () => {
        const { rows } = await sql<{ count: number }>`select count(*)::int as count from file_store_chunks c
          where not exists (select 1 from file_store_files f where f.upload_id = c.upload_id)`.execute(db.kysely);
        return rows[0]!.count;
      },
      close: async () => {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
}

subjects.s3 = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-files-'));
  const s3rver = await startS3rver();
  // AWS's SDK reads its credentials from the environment, as a deployment gives them.
  const before = Object.fromEntries(Object.keys(S3RVER_CREDENTIALS).map((name) => [name, process.env[name]]));
  Object.assign(process.env, S3RVER_CREDENTIALS);
  const config = parseFileStoreUrl(`s3://${s3rver.bucket}/deployment?endpoint=${s3rver.endpoint}`, undefined);
  if (typeof config === 'string') throw new Error(config);
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: 'us-east-1', endpoint: s3rver.endpoint, forcePathStyle: true });
  return {
    stores: createFileStores(config, dataDir, null as never),
    leftovers: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3rver.bucket, Prefix: 'deployment/' }));
      return (listed.Contents ?? []).filter((object) => object.Key!.includes('/incoming/')).length;
    },
    close: async () => {
      client.destroy();
      await s3rver.stop();
      // Later test files in this worker must not inherit the emulator's credentials.
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stream of the bytes in pieces of awkward sizes, as a network delivers them. */
function trickle(bytes: Buffer, piece = 64 * 1024 + 7): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe.each(Object.keys(subjects))('the %s file store', (name) => {
  let subject: Subject;
  let files: FileStore;

  beforeAll(async () => {
    subject = await subjects[name]!();
    files = subject.stores.files;
  });
  afterAll(() => subject.close());

  it('stores bytes under their SHA-256 once, and gives them back whole, hashed and in ranges across chunks', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    const stored = await files.putStream(trickle(bytes), { maxBytes: bytes.length, headBytes: 100 });
    expect(stored).toMatchObject({ key: `${sha256(bytes).slice(0, 2)}/${sha256(bytes)}`, sha256: sha256(bytes), size: bytes.length });
    expect(stored.head.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await files.get(stored.key)).equals(bytes)).toBe(true);
    expect(await files.hash(stored.key)).toEqual({ sha256: sha256(bytes), size: bytes.length });
    for (const [start, end] of [
      [0, 0],
      [5, 99],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 10],
      [CHUNK_BYTES, 2 * CHUNK_BYTES - 1],
      [1000, 2 * CHUNK_BYTES + 500],
      [bytes.length - 1, bytes.length - 1],
    ] as const) {
      // s3rver 3.7.1 reads `bytes=0-0` as `bytes=0-` (its store takes an end of 0 for none) and sends the
      // whole object, where S3 sends one byte: the emulator's fault, not the store's, so not asked of it.
      if (name === 's3' && end === 0) continue;
      expect((await readAll(files.open(stored.key, { start, end }))).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    // The same bytes again are the same file; put() and putStream() agree.
    expect(await files.put(bytes)).toEqual({ key: stored.key, sha256: stored.sha256, size: stored.size });
    expect(await subject.leftovers()).toBe(0);
  });

  it('keeps one whole file when the same bytes arrive twice at once', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 1);
    const [first, second] = await Promise.all([
      files.putStream(trickle(bytes), { maxBytes: bytes.length }),
      files.putStream(trickle(bytes, 100_003), { maxBytes: bytes.length }),
    ]);
    expect(second.key).toBe(first.key);
    expect((await files.get(first.key)).equals(bytes)).toBe(true);
    expect(await subject.leftovers()).toBe(0);
  });

  it('stores an empty file and a small one given whole', async () => {
    const empty = await files.putStream(Readable.from([]), { maxBytes: 10 });
    expect(empty.size).toBe(0);
    expect((await files.get(empty.key)).length).toBe(0);
    const small = await files.put(Buffer.from('a photo'));
    expect((await files.get(small.key)).toString()).toBe('a photo');
  });

  it('keeps nothing of an upload over the limit, refused by its first bytes, or cut off, and leaves a refused source readable', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 5000);
    await expect(files.putStream(trickle(bytes), { maxBytes: CHUNK_BYTES })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await subject.leftovers()).toBe(0);

    const refused = trickle(bytes);
    const refusal = new Error('not a photo');
    await expect(
      files.putStream(refused, {
        maxBytes: bytes.length,
        headBytes: 16,
        inspect: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(refused.destroyed && refused.errored).toBeFalsy();
    expect(await subject.leftovers()).toBe(0);

    const cutOff = new Readable({ read() {} });
    const upload = files.putStream(cutOff, { maxBytes: bytes.length });
    cutOff.push(bytes.subarray(0, CHUNK_BYTES + 10));
    setTimeout(() => cutOff.destroy(new Error('connection reset')), 50);
    await expect(upload).rejects.toBeInstanceOf(UploadCutOffError);
    expect(await subject.leftovers()).toBe(0);
    await expect(files.get(`${sha256(bytes).slice(0, 2)}/${sha256(bytes)}`)).rejects.toThrow();
  });

  it('deletes a file (twice is no error), after which reading and hashing it fail', async () => {
    const stored = await files.put(randomBytes(3000));
    await files.remove(stored.key);
    await files.remove(stored.key);
    await expect(files.get(stored.key)).rejects.toThrow();
    await expect(files.hash(stored.key)).rejects.toThrow();
    await expect(readAll(files.open(stored.key, { start: 0, end: 10 }))).rejects.toThrow();
  });

  it('keeps evidence and basemaps apart: removing a basemap leaves the same bytes stored as evidence', async () => {
    const bytes = randomBytes(5000);
    const evidence = await files.put(bytes);
    const basemap = await subject.stores.basemaps.put(bytes);
    await subject.stores.basemaps.remove(basemap.key);
    expect((await files.get(evidence.key)).equals(bytes)).toBe(true);
  });

  it('gives a local file with the stored bytes, for libraries that open files (basemap archives)', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 99);
    const stored = await subject.stores.basemaps.putStream(trickle(bytes), { maxBytes: bytes.length });
    const [first, second] = await Promise.all([
      subject.stores.basemaps.localCopy(stored.key),
      subject.stores.basemaps.localCopy(stored.key),
    ]);
    expect(second).toBe(first);
    expect(fs.readFileSync(first).equals(bytes)).toBe(true);
    await subject.stores.basemaps.remove(stored.key);
    await expect(subject.stores.basemaps.localCopy(stored.key)).rejects.toThrow();
  });

  it('streams a 200 MB upload in and out with memory flat', { timeout: 300_000 }, async () => {
    const size = 200 * 1024 * 1024;
    const block = randomBytes(CHUNK_BYTES);
    const hash = createHash('sha256');
    let peak = 0;
    const sample = () => (peak = Math.max(peak, process.memoryUsage.rss()));
    const source = Readable.from(
      (function* () {
        for (let at = 0, n = 0; at < size; at += block.length, n += 1) {
          // Each block differs, so nothing upstream can pass for the file by deduplication.
          const piece = Buffer.from(block);
          piece.writeUInt32BE(n);
          hash.update(piece);
          sample();
          yield piece;
        }
      })(),
    );
    const before = process.memoryUsage.rss();
    const stored = await files.putStream(source, { maxBytes: size });
    expect(stored).toMatchObject({ size, sha256: hash.digest('hex') });
    let read = 0;
    for await (const chunk of files.open(stored.key) as AsyncIterable<Buffer>) {
      read += chunk.length;
      sample();
    }
    expect(read).toBe(size);
    // A store that held the file in memory would grow by 200 MB at least. The margin below that is
    // wide because RSS also holds garbage not yet collected, and on a loaded machine (the PostgreSQL
    // store beside browser tests) collection lags: 80 MB failed there once with nothing held.
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
    await files.remove(stored.key);
  });
});
