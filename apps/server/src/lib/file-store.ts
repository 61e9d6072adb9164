import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface StoredFile {
  key: string;
  sha256: string;
  size: number;
}

/** A streamed file once stored: its first bytes too, for sniffing its type and reading EXIF. */
export interface StreamedFile extends StoredFile {
  head: Buffer;
}

export interface PutStreamOptions {
  /** Larger streams are cut off and throw FileTooLargeError; nothing is kept. */
  maxBytes: number;
  /** How many leading bytes to hand to `inspect` (and return as `head`). */
  headBytes?: number;
  /** Sees the first bytes as soon as they arrive; throwing stops the upload and keeps nothing. */
  inspect?: (head: Buffer) => void | Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

export class UploadCutOffError extends Error {
  constructor() {
    super('The upload ended before all of its bytes arrived.');
  }
}

/**
 * Where uploaded files (photos, evidence, basemap archives) live: local disk under DATA_DIR by default. Files are
 * named by their SHA-256, written to a temporary name and renamed into place, so a crash never
 * leaves half a file under a real name and the same bytes are stored once.
 */
export interface FileStore {
  put(bytes: Buffer): Promise<StoredFile>;
  /** Stores a stream, hashing it on the way to disk; memory stays flat whatever its size. */
  putStream(source: Readable, options: PutStreamOptions): Promise<StreamedFile>;
  get(key: string): Promise<Buffer>;
  /** The file as a stream, or an inclusive byte range of it. */
  open(key: string, range?: { start: number; end: number }): Readable;
  /** SHA-256 of what is stored now, read as a stream (for verification). */
  hash(key: string): Promise<{ sha256: string; size: number }>;
  /** Where the file lies on this machine, for libraries that read it in place (basemap archives). */
  localPath(key: string): string;
  /** Deletes a stored file; one already gone is no error. */
  remove(key: string): Promise<void>;
}

const DEFAULT_HEAD_BYTES = 64 * 1024;

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = keyOf(sha256);
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    await fs.writeFile(temporary, bytes, { flush: true });
    await fs.rename(temporary, target);
    return { key, sha256, size: bytes.length };
  }

  async putStream(source: Readable, { maxBytes, headBytes = DEFAULT_HEAD_BYTES, inspect }: PutStreamOptions): Promise<StreamedFile> {
    // The name is only known once the last byte is hashed, so the bytes land in a neutral folder first.
    const incoming = path.join(this.root, 'incoming');
    await fs.mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let inspected = false;
    let size = 0;
    const runInspect = async () => {
      inspected = true;
      if (inspect) await inspect(Buffer.concat(headChunks, headLength));
    };
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
        hash.update(chunk);
        if (!inspected) {
          const wanted = headBytes - headLength;
          const part = chunk.length > wanted ? chunk.subarray(0, wanted) : chunk;
          headChunks.push(Buffer.from(part));
          headLength += part.length;
          if (headLength >= headBytes) {
            runInspect().then(
              () => callback(null, chunk),
              (error: unknown) => callback(error as Error),
            );
            return;
          }
        }
        callback(null, chunk);
      },
      flush(callback) {
        if (inspected) return callback();
        runInspect().then(
          () => callback(),
          (error: unknown) => callback(error as Error),
        );
      },
    });
    // The source is piped by hand, not through pipeline(): a refused upload must leave the request
    // readable (drained, not destroyed) so the refusal can still be answered on its connection.
    const written = pipeline(meter, createWriteStream(temporary, { flush: true }));
    const cutOff = () => {
      if (!source.readableEnded) meter.destroy(new UploadCutOffError());
    };
    source.on('error', cutOff);
    source.on('close', cutOff);
    source.pipe(meter);
    try {
      await written;
      const sha256 = hash.digest('hex');
      const key = keyOf(sha256);
      const target = this.pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temporary, target);
      return { key, sha256, size, head: Buffer.concat(headChunks, headLength) };
    } catch (error) {
      source.unpipe(meter);
      source.resume();
      await fs.rm(temporary, { force: true });
      throw error;
    } finally {
      source.off('error', cutOff);
      source.off('close', cutOff);
    }
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  open(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async hash(key: string): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of this.open(key) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { sha256: hash.digest('hex'), size };
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`Not a file key: ${key}`);
    return path.join(this.root, key);
  }
}

const keyOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256}`;
