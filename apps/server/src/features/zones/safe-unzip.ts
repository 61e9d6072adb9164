import { unzipSync } from 'fflate';
import { ZONE_IMPORT_LIMITS } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';

/**
 * Unzips an uploaded archive after checking what its directory declares: the number of entries
 * and their total uncompressed size. fflate inflates each entry into a buffer of exactly its
 * declared size, so an entry that lies about its size cannot grow past it either: a zip bomb is
 * refused before anything is inflated.
 */
export function safeUnzip(bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        if (entries > ZONE_IMPORT_LIMITS.maxZipEntries)
          throw new AppError('payload_too_large', `The zip holds more than ${ZONE_IMPORT_LIMITS.maxZipEntries} files.`);
        if (!wanted(file.name)) return false;
        total += file.originalSize;
        if (total > ZONE_IMPORT_LIMITS.maxUnzippedBytes) {
          throw new AppError(
            'payload_too_large',
            `The zip unpacks to more than ${ZONE_IMPORT_LIMITS.maxUnzippedBytes / 1024 / 1024} MB, more than a zone import may hold.`,
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation_failed', 'The zip file is damaged or truncated and cannot be opened.');
  }
}

/** Names of the entries, from the central directory only (nothing is inflated). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  safeUnzip(bytes, (name) => {
    names.push(name);
    return false;
  });
  return names;
}
