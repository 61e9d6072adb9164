import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  key: string;
  sha256: string;
  size: number;
}

/**
 * Where uploaded files (photos, evidence) live: local disk under DATA_DIR by default. Files are
 * named by their SHA-256, written to a temporary name and renamed into place, so a crash never
 * leaves half a file under a real name and the same bytes are stored once.
 */
export interface FileStore {
  put(bytes: Buffer): Promise<StoredFile>;
  get(key: string): Promise<Buffer>;
}

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(bytes: Buffer): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = `${sha256.slice(0, 2)}/${sha256}`;
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    await fs.writeFile(temporary, bytes, { flush: true });
    await fs.rename(temporary, target);
    return { key, sha256, size: bytes.length };
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`Not a file key: ${key}`);
    return path.join(this.root, key);
  }
}
