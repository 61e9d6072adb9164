import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, keyOf, type ByteSpan, type FileStore, type PutStreamOptions, type StoredFile, type StreamedFile } from '../file-store';
import type { FileStoreConfig } from './file-store-config';
import { hashStream } from './hash-stream';
import type { LocalCopies } from './local-copies';
import { meteredIntake } from './metered-intake';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  lib: typeof import('@aws-sdk/lib-storage');
  client: S3Client;
}

/** Multipart upload parts: at most QUEUE_SIZE of them in memory at once, whatever the file's size. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** S3 copies at most 5 GiB in one request; larger files (basemap archives) are copied in parts of this size. */
const COPY_PART_BYTES = 512 * 1024 * 1024;
const SINGLE_COPY_MAX_BYTES = 5 * 1024 * 1024 * 1024;

/**
 * Files in S3-compatible object storage (FILE_STORE_URL=s3://bucket/prefix, docs/decisions/0055-shared-file-storage.md).
 * An upload streams, as a multipart upload, to an object of its own under incoming/; once hashed it is copied
 * (inside the storage) to its SHA-256 name and the incoming object deleted, so a name only ever holds a whole
 * file. Credentials come from the environment as AWS's SDK reads them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, …).
 */
export class S3FileStore implements FileStore {
  private connection: Promise<Sdk> | undefined;

  constructor(
    private readonly config: S3Config,
    /** Keeps stores apart in one bucket: deleting a basemap never removes bytes evidence shares. */
    private readonly namespace: string,
    private readonly copies: LocalCopies,
  ) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const { key, sha256, size } = await this.putStream(Readable.from([bytes]), { maxBytes: Number.POSITIVE_INFINITY, headBytes: 0 });
    return { key, sha256, size };
  }

  async putStream(source: Readable, options: PutStreamOptions): Promise<StreamedFile> {
    const incoming = this.nameOf(`incoming/${randomUUID()}`);
    const facts = await meteredIntake(
      source,
      options,
      async (bytes) => {
        const { lib, client } = await this.sdk();
        await new lib.Upload({
          client,
          params: { Bucket: this.config.bucket, Key: incoming, Body: bytes },
          partSize: PART_BYTES,
          queueSize: QUEUE_SIZE,
        }).done();
      },
      () => this.deleteObject(incoming),
    );
    const key = keyOf(facts.sha256);
    try {
      if (!(await this.exists(this.nameOf(key)))) await this.copy(incoming, this.nameOf(key), facts.size);
    } finally {
      await this.deleteObject(incoming);
    }
    return { key, ...facts };
  }

  async get(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.open(key) as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  open(key: string, range?: ByteSpan): Readable {
    const name = this.nameOf(checkKey(key));
    const bucket = this.config.bucket;
    const sdk = () => this.sdk();
    // The request is made when the stream is first read, so `open` stays synchronous like the disk's.
    async function* read(): AsyncGenerator<Buffer> {
      const { s3, client } = await sdk();
      const { Body } = await client.send(
        new s3.GetObjectCommand({ Bucket: bucket, Key: name, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!Body) throw new Error(`No body for ${key}.`);
      for await (const chunk of Body as AsyncIterable<Uint8Array>) yield Buffer.from(chunk);
    }
    return Readable.from(read(), { objectMode: false });
  }

  hash(key: string): Promise<{ sha256: string; size: number }> {
    return hashStream(this.open(key));
  }

  localCopy(key: string): Promise<string> {
    return this.copies.get(key);
  }

  async remove(key: string): Promise<void> {
    await this.deleteObject(this.nameOf(checkKey(key)));
    await this.copies.forget(key);
  }

  /**
   * AWS's SDK takes seconds to load: it is loaded on first use, and only by servers that store files in S3,
   * so it never slows the start of the others (docs/decisions/0047-health-shutdown-and-built-starts.md).
   */
  private sdk(): Promise<Sdk> {
    this.connection ??= (async () => {
      const [s3, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const client = new s3.S3Client({
        region: this.config.region ?? process.env.AWS_REGION ?? 'us-east-1',
        // S3-compatible servers are reached by path (host/bucket/name), not by a bucket's own host name.
        ...(this.config.endpoint ? { endpoint: this.config.endpoint, forcePathStyle: true } : {}),
      });
      return { s3, lib, client };
    })();
    return this.connection;
  }

  private nameOf(name: string): string {
    return `${this.config.prefix}${this.namespace}/${name}`;
  }

  private async exists(name: string): Promise<boolean> {
    const { s3, client } = await this.sdk();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.config.bucket, Key: name }));
      return true;
    } catch (error) {
      if (error instanceof s3.NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return false;
      throw error;
    }
  }

  private async deleteObject(name: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.config.bucket, Key: name }));
  }

  /** A copy inside the storage: one request up to 5 GiB, a multipart copy beyond. */
  private async copy(from: string, to: string, size: number): Promise<void> {
    const { s3, client } = await this.sdk();
    const Bucket = this.config.bucket;
    const CopySource = `${Bucket}/${from}`;
    if (size <= SINGLE_COPY_MAX_BYTES) {
      await client.send(new s3.CopyObjectCommand({ Bucket, Key: to, CopySource }));
      return;
    }
    const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand({ Bucket, Key: to }));
    try {
      const parts = [];
      for (let start = 0, PartNumber = 1; start < size; start += COPY_PART_BYTES, PartNumber += 1) {
        const end = Math.min(start + COPY_PART_BYTES, size) - 1;
        const { CopyPartResult } = await client.send(
          new s3.UploadPartCopyCommand({ Bucket, Key: to, UploadId, PartNumber, CopySource, CopySourceRange: `bytes=${start}-${end}` }),
        );
        parts.push({ PartNumber, ETag: CopyPartResult?.ETag });
      }
      await client.send(new s3.CompleteMultipartUploadCommand({ Bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key: to, UploadId })).catch(() => undefined);
      throw error;
    }
  }
}
