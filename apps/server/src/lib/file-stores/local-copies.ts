import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, sha256OfKey } from '../file-store';

/**
 * Files of a shared store copied to this machine's disk for libraries that need a file to open (an MBTiles
 * archive is an SQLite database; docs/decisions/0055-shared-file-storage.md). Keyed by SHA-256, so a copy is
 * never stale: the bytes under a key never change. Each copy is checked against its key before it is used.
 */
export class LocalCopies {
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly root: string,
    private readonly open: (key: string) => Readable,
  ) {}

  get(key: string): Promise<string> {
    const file = path.join(this.root, checkKey(key));
    let copy = this.pending.get(key);
    if (!copy) {
      copy = this.copy(key, file).finally(() => this.pending.delete(key));
      this.pending.set(key, copy);
    }
    return copy;
  }

  async forget(key: string): Promise<void> {
    await fs.rm(path.join(this.root, checkKey(key)), { force: true });
  }

  private async copy(key: string, file: string): Promise<string> {
    if (await exists(file)) return file;
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Another process copying the same key writes its own temporary file; the renames land the same bytes.
    const temporary = `${file}.${randomUUID()}.part`;
    try {
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      await pipeline(this.open(key), hashing, createWriteStream(temporary, { flush: true }));
      const sha256 = hash.digest('hex');
      if (sha256 !== sha256OfKey(key)) throw new Error(`The stored file ${key} does not match its SHA-256 (${sha256}).`);
      await fs.rename(temporary, file);
      return file;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
