import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, keyOf, type ByteSpan, type FileStore, type PutStreamOptions, type StoredFile, type StreamedFile } from '../file-store';
import { hashStream } from './hash-stream';
import { meteredIntake } from './metered-intake';

/**
 * Files on this machine's disk (the default, for one machine): written to a temporary name and renamed
 * into place once hashed.
 */
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

  async putStream(source: Readable, options: PutStreamOptions): Promise<StreamedFile> {
    // The name is only known once the last byte is hashed, so the bytes land in a neutral folder first.
    const incoming = path.join(this.root, 'incoming');
    await fs.mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, `${randomUUID()}.part`);
    let file: WriteStream | undefined;
    const facts = await meteredIntake(
      source,
      options,
      (bytes) => pipeline(bytes, (file = createWriteStream(temporary, { flush: true }))),
      async () => {
        // A file stream destroyed before its file was open still opens (creates) it, then closes it:
        // removed before that, a refused upload's part file was left behind.
        const opened = file;
        if (opened && !opened.closed) await new Promise<void>((resolve) => opened.once('close', () => resolve()));
        await fs.rm(temporary, { force: true });
      },
    );
    const key = keyOf(facts.sha256);
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temporary, target);
    return { key, ...facts };
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  open(key: string, range?: ByteSpan): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  hash(key: string): Promise<{ sha256: string; size: number }> {
    return hashStream(this.open(key));
  }

  async localCopy(key: string): Promise<string> {
    const file = this.pathOf(key);
    await fs.access(file);
    return file;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }
}
