import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStore } from '../file-store';
import { DiskFileStore } from './disk-file-store';
import type { FileStoreConfig } from './file-store-config';
import { LocalCopies } from './local-copies';
import { PostgresFileStore } from './postgres-file-store';
import { S3FileStore } from './s3-file-store';

/** The server's two stores: evidence, photos and recordings; and basemap archives. */
export interface FileStores {
  files: FileStore;
  // Archives get a store of their own: deleting a basemap must never remove bytes evidence shares.
  basemaps: FileStore;
  /** Data packages TAK devices share (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md), apart for the same reason. */
  takPackages: FileStore;
}

/** Opens the stores FILE_STORE_URL names (docs/decisions/0055-shared-file-storage.md). */
export function createFileStores(config: FileStoreConfig, dataDir: string, db: Kysely<Database>): FileStores {
  const open = (namespace: 'files' | 'basemaps' | 'tak-packages'): FileStore => {
    if (config.kind === 'disk') return new DiskFileStore(path.join(dataDir, namespace));
    // A shared store's files are copied here only for libraries that must open a file (basemap archives).
    const copies = new LocalCopies(path.join(dataDir, 'file-cache', namespace), (key) => store.open(key));
    const store: FileStore =
      config.kind === 'postgres' ? new PostgresFileStore(db, namespace, copies) : new S3FileStore(config, namespace, copies);
    return store;
  };
  return { files: open('files'), basemaps: open('basemaps'), takPackages: open('tak-packages') };
}
