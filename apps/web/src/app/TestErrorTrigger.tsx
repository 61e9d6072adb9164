/** The query parameter that makes the app fail on purpose. */
export const TEST_ERROR_PARAM = 'argus-test-error';

/**
 * Throws during render while `?argus-test-error=1` is in the URL. It exists so the end-to-end
 * suite can reach the real error screen of a production build (retry count, reset, report) without
 * a test-only build; it sits inside the root boundary so Retry renders it (and fails) again.
 */
export function TestErrorTrigger() {
  if (new URLSearchParams(window.location.search).get(TEST_ERROR_PARAM) === '1') {
    throw new Error('Test error requested with ?argus-test-error=1');
  }
  return null;
}
