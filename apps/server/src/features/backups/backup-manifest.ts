import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The SQLite file under DATA_DIR (db/database.ts) and its companions, which never go into a backup as they lie. */
export const DATABASE_FILE = 'argus.sqlite';
const DATABASE_COMPANIONS = ['-wal', '-shm', '-journal'].map((suffix) => `${DATABASE_FILE}${suffix}`);
export const MANIFEST_FILE = 'manifest.json';
const MANIFEST_FORMAT = 'argus-backup/1';

/** A path inside the data folder: relative, with "/" between parts, never leaving it. */
const RelativePath = z
  .string()
  .min(1)
  .refine(
    (value) =>
      !value.startsWith('/') && !value.includes('\\') && value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'must be a relative path inside the data folder',
  );

const ManifestEntry = z.object({
  path: RelativePath,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex'),
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;

/** Written last: a backup folder without it is unfinished and is never restored (docs/decisions/0052-backups-and-shared-state.md). */
export const BackupManifest = z
  .object({
    format: z.literal(MANIFEST_FORMAT),
    createdAt: z.iso.datetime(),
    files: z.array(ManifestEntry),
  })
  .refine((manifest) => manifest.files.some((entry) => entry.path === DATABASE_FILE), `must list the database (${DATABASE_FILE})`)
  .refine((manifest) => new Set(manifest.files.map((entry) => entry.path)).size === manifest.files.length, 'lists a file twice');
export type BackupManifest = z.infer<typeof BackupManifest>;

export const newManifest = (files: ManifestEntry[], at: Date): BackupManifest => ({
  format: MANIFEST_FORMAT,
  createdAt: at.toISOString(),
  files,
});

/**
 * Whether a file under the data folder stays out of a backup: the live database and its journals
 * (the snapshot stands for them), and uploads still arriving (file-store.ts writes them under
 * "incoming" or as ".part" and renames them into place once whole).
 */
export function isTransient(relative: string): boolean {
  if (relative === DATABASE_FILE || DATABASE_COMPANIONS.includes(relative) || relative === MANIFEST_FILE) return true;
  return relative.endsWith('.part') || relative.split('/').includes('incoming');
}

/**
 * Copies a file through a temporary name, flushed to disk, hashing the bytes on the way; its
 * permissions go with it (the audit signing key must stay readable by its owner only).
 */
export async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const temporary = `${to}.${process.pid}.part`;
  const { mode } = await fs.stat(from);
  try {
    await pipeline(createReadStream(from), meter, createWriteStream(temporary, { flush: true, mode: mode & 0o777 }));
    await fs.chmod(temporary, mode & 0o777);
    await fs.rename(temporary, to);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every regular file under a folder, as paths relative to it with "/" between parts. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
