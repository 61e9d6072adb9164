import type { ReactNode } from 'react';
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
  /**
   * Where to start, for a map with a subject of its own (an incident, a report, a place chosen
   * already). Without it, or `focus`, or `opensOnData`, the map opens on the operation's home area
   * (docs/decisions/0058-home-area.md); with no home area, over its basemap's area or the world.
   */
  initialView?: { center: { lat: number; lon: number }; zoom: number };
  /** The overlays are the map's subject (an import preview, the basemaps' coverage): it opens fitted to the first data it is given. */
  opensOnData?: boolean;
  /** A "Go to" box: type a coordinate in any format and the map flies there. */
  goTo?: boolean;
  /**
   * Keep the view in the page address (#zoom/lat/lon, MapLibre's own hash format), so a view can be
   * shared as a link and survives a reload; a view in the address wins over `initialView`, the home area and fitting.
   * At most one map on a page may have it.
   */
  viewInAddress?: boolean;
  /** The accessible name of the map. */
  label?: string;
  /** Size and placement of the map (e.g. "h-96" or "absolute inset-0"); it fills this box. */
  className?: string;
  /**
   * The page's own controls over the map (a legend, a layer switch), placed absolutely: within the
   * drawn map, so they keep clear of the notices said along its foot.
   */
  children?: ReactNode;
}
