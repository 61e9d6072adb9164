import { FIRST_READS_GLOBAL } from '@argus/contracts/http/first-reads';

/**
 * The reads the field site's HTML started before any script arrived (apps/server/src/plugins/first-reads.ts),
 * by path; each answers null if it could not be sent.
 */
type FirstReads = Record<string, Promise<Response | null> | undefined>;

/**
 * An early answer is handed over only within this long of the page opening: past it, the page
 * has long since asked for itself, and an answer kept that long would be stale.
 */
const HANDOVER_WINDOW_MS = 60_000;

function pending(): FirstReads | undefined {
  return (globalThis as unknown as Record<string, FirstReads | undefined>)[FIRST_READS_GLOBAL];
}

/**
 * The page's early read of `path`, once: the first caller takes it and any later one asks the
 * server itself. Only a successful answer is handed over; a refusal (signed out when the page
 * opened) or a failure answers null, so the caller sends its own request and sees today's answer
 * (docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md).
 */
export async function takeFirstRead(path: string, signal: AbortSignal): Promise<Response | null> {
  const reads = pending();
  const read = reads?.[path];
  if (!reads || !read) return null;
  delete reads[path];
  if (performance.now() > HANDOVER_WINDOW_MS) return null;
  // The caller's timeout and cancellation hold while it waits, as they would for its own fetch.
  const response = await new Promise<Response | null>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    void read.then(resolve);
  });
  return response?.ok ? response : null;
}

/** Once the session may have changed (signing in, out, switching user), no early answer is handed over. */
export function dropFirstReads(): void {
  delete (globalThis as unknown as Record<string, unknown>)[FIRST_READS_GLOBAL];
}
