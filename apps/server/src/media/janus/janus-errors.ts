import { MediaError } from '../media-server';

/**
 * What Janus (through janode) rejected with, as a MediaError with `code`; a MediaError (a request
 * Janus did not answer in time, janus-instance.ts) is kept as it is.
 */
export function mediaError(error: unknown, code: MediaError['code']): MediaError {
  if (error instanceof MediaError) return error;
  const message =
    typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string'
      ? error.error
      : error instanceof Error
        ? error.message
        : String(error);
  return new MediaError(code, `Janus refused: ${message}`);
}
