/**
 * The service worker's install downloads the whole app for offline use (several MB). Begun with
 * the page, it shares one bar of signal with the very requests the first screen waits for, so it
 * starts once that screen is usable (docs/decisions/0050-field-first-load.md): when a page says so
 * (markFirstScreenReady), or a few seconds after the load event on pages that do not.
 */
const FALLBACK_AFTER_LOAD_MS = 3_000;

let firstScreenReady: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  firstScreenReady = resolve;
});

/** Called by a page once what its user came for is on screen and usable. */
export function markFirstScreenReady(): void {
  firstScreenReady();
}

function afterLoad(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wait = () => setTimeout(resolve, ms);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
}

/** Runs `register` once the first screen is usable and the main thread is idle. */
export function registerAfterFirstScreen(register: () => void): void {
  void Promise.race([firstScreen, afterLoad(FALLBACK_AFTER_LOAD_MS)]).then(() => {
    // Safari has no requestIdleCallback; a timeout lets the screen's own work finish first there.
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 1_000 });
    else setTimeout(register, 0);
  });
}
