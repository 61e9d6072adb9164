import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  copyHashed,
  DATABASE_FILE,
  hashFile,
  isTransient,
  listFiles,
  MANIFEST_FILE,
  newManifest,
  type ManifestEntry,
} from './backup-manifest';

export class BackupError extends Error {}

/** Pages copied per step after the first: all of them, so the snapshot is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * Backs up a SQLite data folder while the server runs (docs/decisions/0052-backups-and-shared-state.md):
 * first the database through SQLite's online backup API (a consistent snapshot; committed writes
 * still in the WAL are in it), then every stored file. Files are named by their hash and renamed into
 * place before the row that names them is written (lib/file-store.ts), so every file the snapshot
 * names already exists when the copy starts; files written later are copied too, harmlessly.
 * The manifest, written last, lists every file with its SHA-256.
 */
export async function backUpDataDir(dataDir: string, target: string, now = new Date()): Promise<{ files: number; bytes: number }> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!(await exists(source))) throw new BackupError(`There is no database to back up at ${source}.`);
  if ((await exists(target)) && (await fs.readdir(target).catch(() => [target])).length > 0)
    throw new BackupError(`${target} is not empty; back up into a new or empty folder.`);
  const inside = path.relative(dataDir, target);
  if (!inside.startsWith('..') && !path.isAbsolute(inside)) throw new BackupError('The backup folder must not lie inside the data folder.');
  // It holds the audit signing key: readable by its owner only, like the data folder's key file.
  await fs.mkdir(target, { recursive: true, mode: 0o700 });

  const snapshot = path.join(target, DATABASE_FILE);
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(snapshot, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
  const referenced = checkSnapshot(snapshot);
  const entries: ManifestEntry[] = [{ path: DATABASE_FILE, ...(await hashFile(snapshot)) }];

  for (const relative of await listFiles(dataDir)) {
    if (isTransient(relative)) continue;
    try {
      entries.push({ path: relative, ...(await copyHashed(path.join(dataDir, relative), path.join(target, relative))) });
    } catch (error) {
      // Deleted since it was listed (a basemap removed): the check below tells whether the snapshot needed it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  const copied = new Set(entries.map((entry) => entry.path));
  const missing = referenced.filter((file) => !copied.has(file));
  if (missing.length > 0)
    throw new BackupError(
      `${missing.length} stored files the database names were removed while the backup ran (${missing.slice(0, 3).join(', ')}); run the backup again.`,
    );

  const manifest = path.join(target, MANIFEST_FILE);
  await fs.writeFile(manifest, `${JSON.stringify(newManifest(entries, now), null, 2)}\n`, { flush: true });
  return { files: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.size, 0) };
}

/**
 * Checks the snapshot and turns it into one self-contained file (no WAL beside it; the server turns
 * WAL back on when it opens it), and lists the stored files it names: evidence and report photos
 * under files/, basemap archives under basemaps/ (services.ts).
 */
function checkSnapshot(databaseFile: string): string[] {
  const database = new SQLite(databaseFile, { fileMustExist: true });
  try {
    database.pragma('journal_mode = DELETE');
    const check = database.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The database snapshot does not pass SQLite's check: ${String(check)}.`);
    const keys = (query: string) => database.prepare(query).pluck().all() as string[];
    return [
      ...keys('select storage_key from evidence_items').map((key) => `files/${key}`),
      ...keys('select storage_key from report_photos').map((key) => `files/${key}`),
      ...keys('select storage_key from basemaps where storage_key is not null').map((key) => `basemaps/${key}`),
    ];
  } finally {
    database.close();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
