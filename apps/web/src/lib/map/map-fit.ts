import type { MapLibreMap } from './maplibre';
import type { MapOverlay, OverlayGeometry } from './overlay';

const FIT_MAX_ZOOM = 13;

type Bounds = [[number, number], [number, number]];

/** A fit to data and the view it gave, to tell whether anyone has moved the map since. */
export interface Fitted {
  bounds: Bounds;
  centre: [number, number];
  zoom: number;
}

/**
 * Fits the map to data, with room kept around it: clear of the controls along the top (zoom, basemaps, Go to, legend)
 * and the bottom (coordinate readout, scale), and no more than a fifth of a narrow map's width or
 * height a side, so a phone's map still gives most of itself to the shapes.
 */
export function fitTo(map: MapLibreMap, bounds: Bounds): Fitted {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const side = (wanted: number, size: number) => Math.min(wanted, Math.floor(size / 5));
  map.fitBounds(bounds, {
    padding: { top: side(56, height), bottom: side(56, height), left: side(32, width), right: side(56, width) },
    maxZoom: FIT_MAX_ZOOM,
    animate: false,
  });
  const centre = map.getCenter();
  return { bounds, centre: [centre.lng, centre.lat], zoom: map.getZoom() };
}

/** The view is still where the fit left it: a resize keeps the centre and zoom, so no one has moved it. */
export function stillFitted(map: MapLibreMap, fitted: Fitted): boolean {
  const centre = map.getCenter();
  return centre.lng === fitted.centre[0] && centre.lat === fitted.centre[1] && map.getZoom() === fitted.zoom;
}

/** Every position of a point, line or polygon overlay feature. */
function positionsOf(geometry: OverlayGeometry): number[][] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

/** The bounds of every point in the overlays that take part in fitting, or null when there is none. */
export function boundsOf(overlays: readonly MapOverlay[]): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const overlay of overlays) {
    if (overlay.fit === false) continue;
    for (const feature of overlay.data.features) {
      for (const [lon = 0, lat = 0] of positionsOf(feature.geometry)) {
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
    }
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}
