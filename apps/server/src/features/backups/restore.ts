import fs from 'node:fs/promises';
import path from 'node:path';
import { BackupManifest, copyHashed, DATABASE_FILE, hashFile, MANIFEST_FILE } from './backup-manifest';

export class RestoreError extends Error {}

/**
 * Restores a backup made by backUpDataDir into a data folder, with the server stopped
 * (docs/decisions/0052-backups-and-shared-state.md). Every file is checked against the manifest before
 * anything is written; a data folder that holds anything is left alone unless `force`, and then its
 * database is replaced (with its WAL, which would otherwise be replayed over the restored file)
 * and the backup's files are written over its own.
 */
export async function restoreDataDir(backupDir: string, dataDir: string, { force }: { force: boolean }): Promise<{ files: number }> {
  const manifest = await readManifest(backupDir);
  const problems: string[] = [];
  for (const entry of manifest.files) {
    const actual = await hashFile(path.join(backupDir, entry.path)).catch(() => null);
    if (!actual) problems.push(`${entry.path} is missing`);
    else if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      problems.push(`${entry.path} does not match its SHA-256 in the manifest`);
  }
  if (problems.length > 0) throw new RestoreError(`The backup in ${backupDir} is damaged, nothing was restored: ${problems.join('; ')}.`);

  const present = await fs.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0 && !force)
    throw new RestoreError(`${dataDir} is not empty; stop the server and restore with --force to replace its database and files.`);

  await fs.mkdir(dataDir, { recursive: true });
  // The database it replaces is set aside, not deleted, until the restore has finished: a restore
  // cut short (a full disk) must not leave no database at all. Its WAL goes with it, since a WAL
  // left beside the restored file would be replayed into it.
  const replaced = ['', '-wal', '-shm', '-journal'].map((suffix) => path.join(dataDir, `${DATABASE_FILE}${suffix}`));
  for (const file of replaced) await fs.rename(file, `${file}.pre-restore`).catch(ignoreMissing);
  // The database goes in last: a restore cut short leaves no database naming files that are not there.
  const ordered = [
    ...manifest.files.filter((entry) => entry.path !== DATABASE_FILE),
    ...manifest.files.filter((entry) => entry.path === DATABASE_FILE),
  ];
  for (const entry of ordered) {
    const written = await copyHashed(path.join(backupDir, entry.path), path.join(dataDir, entry.path));
    if (written.sha256 !== entry.sha256) throw new RestoreError(`${entry.path} changed while it was restored; restore again.`);
  }
  for (const file of replaced) await fs.rm(`${file}.pre-restore`, { force: true });
  return { files: ordered.length };
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new RestoreError(`${backupDir} holds no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RestoreError(`${path.join(backupDir, MANIFEST_FILE)} is not JSON.`);
  }
  const parsed = BackupManifest.safeParse(json);
  if (!parsed.success)
    throw new RestoreError(
      `${path.join(backupDir, MANIFEST_FILE)} is not a backup manifest: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'} ${issue.message}`).join('; ')}.`,
    );
  return parsed.data;
}
