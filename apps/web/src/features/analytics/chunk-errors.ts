/**
 * Messages browsers and bundlers use when a lazily loaded chunk cannot be fetched: after a
 * deploy or while offline these are expected, not bugs, so they are not reported (docs/specification.md section 8).
 */
const CHUNK_LOAD_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /loading chunk/i,
  /chunkloaderror/i,
  /unable to preload css/i,
];

export function isChunkLoadError(message: string | null | undefined): boolean {
  if (!message) return false;
  return CHUNK_LOAD_PATTERNS.some((pattern) => pattern.test(message));
}

/** The message of whatever was thrown or rejected, which need not be an Error. */
export function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}
