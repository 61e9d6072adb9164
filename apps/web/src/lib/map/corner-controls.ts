import { AttributionControl, NavigationControl, ScaleControl, type MapLibreMap } from './maplibre';

/** A phone's screen: MapLibre folds its credits to a button on a map this narrow too. */
const PHONE_SCREEN = '(max-width: 640px)';

/**
 * The map's corner controls: zoom buttons, an empty corner the basemap switcher is portalled
 * into (returned), the scale and the credits.
 */
export function addCornerControls(map: MapLibreMap): HTMLElement {
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  const switcherCorner = document.createElement('div');
  switcherCorner.className = 'maplibregl-ctrl maplibregl-ctrl-group';
  map.addControl({ onAdd: () => switcherCorner, onRemove: () => switcherCorner.remove() }, 'top-right');
  map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-right');
  map.addControl(new AttributionControl({ compact: true, customAttribution: 'Natural Earth' }), 'bottom-right');
  map.once('load', () => foldCreditsOnAPhone(map));
  return switcherCorner;
}

/**
 * MapLibre opens compact credits when the map starts and folds them only once the map is dragged.
 * On a phone the open credits (Natural Earth and a street map's own) lie over the street names at
 * the foot of the map, so there they start folded behind their ⓘ button, which opens them.
 */
function foldCreditsOnAPhone(map: MapLibreMap): void {
  // The screen, not the map: a narrow map beside panels on a desk keeps MapLibre's own behaviour.
  if (!window.matchMedia(PHONE_SCREEN).matches) return;
  const credits = map.getContainer().querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show');
  credits?.classList.remove('maplibregl-compact-show');
  credits?.removeAttribute('open');
}
