import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type Persister } from '@tanstack/query-persist-client-core';

/**
 * What a page has read, kept on the device so it opens with no signal
 * (docs/decisions/0043-the-field-phone-offline-and-attention.md): TanStack Query's own persister
 * writes the chosen queries to IndexedDB, one record per user, and restores them before the page
 * asks for anything. Restored answers keep the time the server gave them, so the page can say
 * "as of <time>" until it hears from the server again. Signing out empties the store.
 */

const DATABASE = 'argus-device-cache';
const STORE = 'entries';
/** A user's cache lasts no longer than their longest session (docs/decisions/0003-sessions-on-the-server.md). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Changed when what is stored changes shape, so an older copy is dropped rather than misread. */
const BUSTER = 'v1';
/** Earlier versions kept the field unit's units and assignments in localStorage under this prefix. */
const LEGACY_PREFIX = 'argus.last-known.';

interface CacheSchema extends DBSchema {
  entries: { key: string; value: string };
}

let database: Promise<IDBPDatabase<CacheSchema>> | null = null;
/** Whose cache may be written now: a write the persister throttled past a sign-out is dropped. */
let writableKey: string | null = null;

function open(): Promise<IDBPDatabase<CacheSchema>> {
  database ??= openDB<CacheSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
  return database;
}

const storage = {
  getItem: async (key: string) => (await open()).get(STORE, key),
  setItem: async (key: string, value: string) => {
    if (key !== writableKey) return;
    await (await open()).put(STORE, value, key);
  },
  removeItem: async (key: string) => {
    await (await open()).delete(STORE, key);
  },
};

/** When this page load began: anything older was restored from the device, not heard this visit. */
export const VISIT_STARTED_AT = Date.now();

function persisterFor(userId: string): { key: string; persister: Persister } {
  const key = `queries.${userId}`;
  return { key, persister: createAsyncStoragePersister({ storage, key }) };
}

/**
 * Restores this user's kept queries into the client, then keeps writing those that `keep` picks
 * as they change. Resolves with the function that stops writing. A device that refuses
 * IndexedDB (a private window) simply keeps nothing.
 */
export async function keepOnDevice(queryClient: QueryClient, userId: string, keep: (query: Query) => boolean): Promise<() => void> {
  const { key, persister } = persisterFor(userId);
  writableKey = key;
  const options = { queryClient, persister, maxAge: MAX_AGE_MS, buster: BUSTER };
  try {
    await persistQueryClientRestore(options);
  } catch {
    // Unreadable or refused: the page starts from the server alone.
  }
  return persistQueryClientSubscribe({
    ...options,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && keep(query) },
  });
}

/** Signing out leaves nothing of anyone's operational data on the device (another person may use it next). */
export async function forgetDeviceCache(): Promise<void> {
  writableKey = null;
  try {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith(LEGACY_PREFIX))) localStorage.removeItem(key);
  } catch {
    // no localStorage
  }
  try {
    await (await open()).clear(STORE);
  } catch {
    // Nothing was ever stored.
  }
}

/** "as of 14:05" for data the page has not heard from the server during this visit; null for fresh data. */
export function asOfLabel(dataUpdatedAt: number, format: (at: number) => string): string | null {
  return dataUpdatedAt > 0 && dataUpdatedAt < VISIT_STARTED_AT ? `as of ${format(dataUpdatedAt)}` : null;
}
