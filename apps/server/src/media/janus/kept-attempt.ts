/**
 * The promise kept under `key`, started with `start` when there is none. One that fails is
 * forgotten so the next call tries again — only that attempt, since a later one may have taken its
 * place by the time it fails.
 */
export function keptAttempt<K, V>(kept: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  const existing = kept.get(key);
  if (existing) return existing;
  const attempt = start();
  kept.set(key, attempt);
  attempt.catch(() => {
    if (kept.get(key) === attempt) kept.delete(key);
  });
  return attempt;
}
