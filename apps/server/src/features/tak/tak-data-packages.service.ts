import type { Readable } from 'node:stream';
import { mayCurateTakPackages } from '@argus/contracts/policies/tak';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { FileTooLargeError, type FileStore } from '../../lib/file-store';
import type { TakDataPackageRow, TakDataPackagesRepository } from './tak-data-packages.repository';

/** A data package carries maps and imagery, but a phone on a field network sends nothing near this. */
export const MAX_DATA_PACKAGE_BYTES = 200 * 1024 * 1024;
/** What one person's devices may keep here: packages are shared storage, not an archive. */
const MAX_PACKAGES_PER_PERSON = 50;
const MAX_PACKAGE_BYTES_PER_PERSON = 2 * 1024 * 1024 * 1024;
/** ATAK lists what search answers; a few hundred is more than a screen of packages. */
const SEARCH_LIMIT = 500;
const SHA256 = /^[0-9a-f]{64}$/;

export interface PackageUpload {
  /** The SHA-256 ATAK computed and names the package by; checked against the bytes when given. */
  hash: string | null;
  name: string;
  creatorUid: string;
  keywords: string;
  mimeType: string;
  bytes: Readable;
  /** The email of the certificate that sent it. */
  submitter: string;
}

/** The device asking: the email its certificate names (who submitted a package) and its user's role. */
export interface PackageViewer {
  email: string;
  role: string;
}

/** The SHA-256 a request names, lower-cased, or a 400 saying what is wrong. */
export function packageHash(value: string | null): string {
  const hash = (value ?? '').trim().toLowerCase();
  if (!SHA256.test(hash)) throw new AppError('validation_failed', 'hash: give the package’s SHA-256, 64 hexadecimal digits.');
  return hash;
}

/**
 * Data packages devices share through TAK's sync API (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md).
 * The bytes go to the file store (shared between server processes when FILE_STORE_URL says so),
 * named by their SHA-256, and a row says what ATAK lists.
 */
export class TakDataPackagesService {
  constructor(
    private readonly repository: TakDataPackagesRepository,
    private readonly store: FileStore,
    private readonly clock: Clock,
  ) {}

  async upload(upload: PackageUpload): Promise<TakDataPackageRow> {
    const expected = upload.hash === null ? null : packageHash(upload.hash);
    // Refused before a byte is read when the person is at their quota already.
    this.checkQuota(await this.repository.usage(upload.submitter), 0);
    let stored;
    try {
      stored = await this.store.putStream(upload.bytes, { maxBytes: MAX_DATA_PACKAGE_BYTES });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('payload_too_large', 'A data package is at most 200 MB.');
      throw error;
    }
    const refused = stored.size === 0 ? 'The data package is empty.' : null;
    if (refused || (expected && stored.sha256 !== expected)) {
      // Only TAK packages live in this store: bytes no row names are nobody's.
      if (!(await this.repository.find(stored.sha256))) await this.store.remove(stored.key);
      if (refused) throw new AppError('validation_failed', refused);
      throw new AppError('validation_failed', `The package’s SHA-256 is ${stored.sha256}, not the ${expected} the request named.`);
    }
    const existing = await this.repository.find(stored.sha256);
    if (existing?.submitter !== upload.submitter) {
      try {
        this.checkQuota(await this.repository.usage(upload.submitter), stored.size);
      } catch (error) {
        if (!existing) await this.store.remove(stored.key);
        throw error;
      }
    }
    const row: TakDataPackageRow = {
      hash: stored.sha256,
      file_key: stored.key,
      name: upload.name,
      mime_type: upload.mimeType,
      size: stored.size,
      keywords: upload.keywords,
      // A package is the sender's until ATAK marks it public (PUT …/metadata/<hash>/tool).
      tool: existing?.tool ?? 'private',
      creator_uid: upload.creatorUid,
      submitter: upload.submitter,
      submitted_at: this.clock.now(),
    };
    await this.repository.save(row);
    return row;
  }

  /** Refuses a new package of `size` bytes beyond the person's count or bytes. */
  private checkQuota(usage: { count: number; bytes: number }, size: number): void {
    if (usage.count >= MAX_PACKAGES_PER_PERSON)
      throw new AppError('conflict', `You keep ${usage.count} data packages here, the most one person may.`);
    if (usage.bytes + size > MAX_PACKAGE_BYTES_PER_PERSON)
      throw new AppError('payload_too_large', `Your data packages here would pass 2 GB, the most one person may keep.`);
  }

  /** A package `viewer` may see; a private one of another device is as unknown as a missing one. */
  find(hash: string, viewer: PackageViewer): Promise<TakDataPackageRow | undefined> {
    return this.repository.findVisible(packageHash(hash), viewer.email);
  }

  search(filter: { tool?: string; keywords?: string }, viewer: PackageViewer): Promise<TakDataPackageRow[]> {
    return this.repository.list(filter, viewer.email, SEARCH_LIMIT);
  }

  /** The package's bytes, or a 404 naming the hash. */
  async content(hash: string, viewer: PackageViewer): Promise<{ row: TakDataPackageRow; bytes: Readable }> {
    const row = await this.find(hash, viewer);
    if (!row) throw new AppError('not_found', `No data package with the hash ${hash}.`);
    return { row, bytes: this.store.open(row.file_key) };
  }

  /** Marks a package public or private: its submitter may, and command (the package policy). */
  async setTool(hash: string, tool: string, viewer: PackageViewer): Promise<void> {
    const value = tool.trim();
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(value)) throw new AppError('validation_failed', 'tool: one word, such as public or private.');
    const row = await this.find(hash, viewer);
    if (!row) throw new AppError('not_found', `No data package with the hash ${hash}.`);
    if (row.submitter !== viewer.email && !mayCurateTakPackages(viewer.role))
      throw new AppError('forbidden', `Only ${row.submitter}, who sent this package, or command may change who sees it.`);
    if (!(await this.repository.setTool(row.hash, value))) throw new AppError('not_found', `No data package with the hash ${hash}.`);
  }
}
