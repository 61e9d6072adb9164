import type { MapLibreMap } from './maplibre';
import type { MapFocus, MapOverlay, MapPick } from './overlay';

/** Props of `<OperationalMap>`; kept apart so pages import them without loading MapLibre. */
export interface OperationalMapProps {
  /** What to draw over the basemap, lowest first (see overlay.ts for the vocabulary). */
  overlays: readonly MapOverlay[];
  /** A click or tap on the map: the place, and the overlay feature there if any. */
  onPick?: (pick: MapPick) => void;
  /** The MapLibre map once its style has loaded, then null when it goes: for tools that draw on the map itself (zone drawing). */
  onMapReady?: (map: MapLibreMap | null) => void;
  /** While true the pointer is a crosshair and a click picks only a place (to locate something new). */
  picking?: boolean;
  /** Fly here whenever its key changes (e.g. the incident just selected in a list). */
  focus?: MapFocus | null;
  /** Where to start; without it the map opens over its basemap's area (or the world) and fits the first data it is given. */
  initialView?: { center: { lat: number; lon: number }; zoom: number };
  /** A "Go to" box: type a coordinate in any format and the map flies there. */
  goTo?: boolean;
  /**
   * Keep the view in the page address (#zoom/lat/lon, MapLibre's own hash format), so a view can be
   * shared as a link and survives a reload; a view in the address wins over `initialView` and fitting.
   * At most one map on a page may have it.
   */
  viewInAddress?: boolean;
  /** The accessible name of the map. */
  label?: string;
  /** Size and placement of the map (e.g. "h-96" or "absolute inset-0"); it fills this box. */
  className?: string;
}
