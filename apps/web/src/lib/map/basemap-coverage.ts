import type { Basemap } from '@argus/contracts/http/basemaps';
import { wrapLongitude } from './coordinates';

/** From this zoom on a dispatcher needs streets, so a view without them says why. */
export const STREET_ZOOM = 12;
/** How far past its deepest tiles a basemap still reads well, its tiles enlarged (overzoom). */
export const OVERZOOM = 5;

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

/**
 * Whether a basemap draws streets at this view: the view's centre lies inside its bounds and the
 * zoom is not too far beyond its deepest tiles. An online source without bounds covers the world;
 * so does an archive without them, since Argus cannot tell where it has tiles.
 */
export function coversView(basemap: Basemap, view: MapView): boolean {
  if (view.zoom > basemap.maxZoom + OVERZOOM) return false;
  if (!basemap.bounds) return true;
  const [west, south, east, north] = basemap.bounds;
  const lon = wrapLongitude(view.lon);
  const insideLon = west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
  return insideLon && view.lat >= south && view.lat <= north;
}

/** "No street map here": at street zoom, with no basemap or one that does not cover the view. */
export function lacksStreetMap(basemap: Basemap | null, view: MapView): boolean {
  return view.zoom >= STREET_ZOOM && (!basemap || !coversView(basemap, view));
}
