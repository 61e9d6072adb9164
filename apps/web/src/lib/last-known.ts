import type { z } from 'zod';

/**
 * The last answer the server gave for a query, kept on the device per user, so a page reopened
 * with no signal shows what it last knew (marked stale, refetched as soon as it can be).
 * Only for the field unit's own small data: its units and assignments.
 */
const PREFIX = 'argus.last-known.';

export function lastKnown<T>(key: string, userId: string, schema: z.ZodType<T>) {
  const storageKey = `${PREFIX}${key}.${userId}`;
  return {
    read(): T | undefined {
      try {
        const parsed = schema.safeParse(JSON.parse(localStorage.getItem(storageKey) ?? 'null'));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    write(value: T): void {
      try {
        localStorage.setItem(storageKey, JSON.stringify(value));
      } catch {
        // Storage full or refused: the page just will not open offline with this data.
      }
    },
  };
}

/** Signing out leaves nothing of the user's operational data on the device. */
export function forgetAllLastKnown(storage: Storage = localStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(PREFIX) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // nothing stored
  }
}
