import type { InferDataFromTag, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Applies a realtime event to one cached query, so the event can never be lost to a fetch.
 *
 * Patching with `setQueryData` alone loses events in two cases, both common right after a page
 * opens (its first fetch, then the refetch after the realtime subscription is confirmed):
 * - a fetch is in flight: its answer, read before the event happened, lands after the patch and
 *   replaces it;
 * - there is no data yet: there is nothing to patch, and the pending answer may predate the event.
 * In both cases the patch waits and is applied to whatever the fetch brings. Patches must
 * therefore be idempotent upserts (by id, newest `updatedAt` wins), which every live cache's are.
 * Refetching instead would also be correct, but a busy channel (thousands of unit positions)
 * would then cancel each fetch before it landed and starve the page.
 */
/** Patches waiting for a query's fetch to land, oldest first: one cache listener per query, however many events arrive meanwhile. */
const waiting = new WeakMap<object, (() => void)[]>();

export function patchLive<TData = unknown, TKey extends QueryKey = QueryKey, T = InferDataFromTag<TData, TKey>>(
  queryClient: QueryClient,
  queryKey: TKey,
  update: (old: T) => T,
): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find<T>({ queryKey, exact: true });
  // Nobody has asked for this query: there is nothing on screen to keep current.
  if (!query) return;
  const apply = () => queryClient.setQueryData<T>(queryKey, (old: T | undefined) => (old === undefined ? old : update(old)));
  const queued = waiting.get(query);
  if (queued) {
    queued.push(apply);
    return;
  }
  if (query.state.fetchStatus !== 'fetching' && query.state.data !== undefined) {
    apply();
    return;
  }
  const patches = [apply];
  waiting.set(query, patches);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') {
      waiting.delete(query);
      return void unsubscribe();
    }
    if (query.state.fetchStatus === 'fetching' || query.state.data === undefined) return;
    unsubscribe();
    // After the fetch's own update has been dispatched, not inside it; in the order they came.
    queueMicrotask(() => {
      waiting.delete(query);
      for (const patch of patches) patch();
    });
  });
}
