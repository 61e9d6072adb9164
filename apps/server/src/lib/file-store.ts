import type { Readable } from 'node:stream';

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

/** An inclusive byte range, as HTTP Range requests give it. */
export interface ByteSpan {
  start: number;
  end: number;
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
 * Where uploaded files (photos, evidence, recordings, basemap archives) live: local disk under DATA_DIR by
 * default, or storage every server process shares (docs/decisions/0055-shared-file-storage.md). Files are named
 * by their SHA-256 and only appear under that name once complete, so a crash never leaves half a file under a
 * real name and the same bytes are stored once.
 */
export interface FileStore {
  put(bytes: Buffer): Promise<StoredFile>;
  /** Stores a stream, hashing it on the way; memory stays flat whatever its size. */
  putStream(source: Readable, options: PutStreamOptions): Promise<StreamedFile>;
  get(key: string): Promise<Buffer>;
  /** The file as a stream, or an inclusive byte range of it. */
  open(key: string, range?: ByteSpan): Readable;
  /** SHA-256 of what is stored now, read as a stream (for verification). */
  hash(key: string): Promise<{ sha256: string; size: number }>;
  /**
   * A file on this machine's disk with the stored bytes, for libraries that read it in place (basemap
   * archives: MBTiles is SQLite). Shared stores copy it to a local cache on first use.
   */
  localCopy(key: string): Promise<string>;
  /** Deletes a stored file; one already gone is no error. */
  remove(key: string): Promise<void>;
}

export const DEFAULT_HEAD_BYTES = 64 * 1024;

export const keyOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256}`;

/** Keys are made here from hashes; anything else reaching a store is a bug, never a path to follow. */
export function checkKey(key: string): string {
  if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`Not a file key: ${key}`);
  return key;
}

/** The SHA-256 a key names. */
export const sha256OfKey = (key: string) => checkKey(key).slice(3);
