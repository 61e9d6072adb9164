import type { MapLibreMap } from './maplibre';

/** A view MapLibre's hash option will take from the address: "#zoom/lat/lon". */
const VIEW_IN_ADDRESS = /^#\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?(?:[/&]|$)/;

/** The page address holds a map view (a shared link, a reload). */
export function addressHoldsView(): boolean {
  return VIEW_IN_ADDRESS.test(window.location.hash);
}

/**
 * Removes the map and keeps the page's own hash: MapLibre's hash handler strips the whole hash as
 * it goes, and by now the address may be the next page's ("/settings#tak-devices"), whose hash is
 * not a map view and must stay.
 */
export function removeKeepingPageHash(map: MapLibreMap): void {
  const next = window.location.hash && !addressHoldsView() ? window.location.href : null;
  map.remove();
  if (next && window.location.href !== next) window.history.replaceState(window.history.state, '', next);
}
