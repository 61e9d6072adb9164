import { HOME_AREA_MAX_LATITUDE, type HomeAreaBox } from '@argus/contracts/http/home-area';

/**
 * A map view's bounds as a home area: a view zoomed out past the world, or across the antimeridian,
 * reaches beyond ±180° of longitude and past what Web Mercator shows; the box keeps the part the
 * contracts accept (docs/decisions/0058-home-area.md).
 */
export function homeAreaOfView(view: HomeAreaBox): HomeAreaBox {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    west: round(Math.max(-180, view.west)),
    south: round(Math.max(-HOME_AREA_MAX_LATITUDE, view.south)),
    east: round(Math.min(180, view.east)),
    north: round(Math.min(HOME_AREA_MAX_LATITUDE, view.north)),
  };
}

/** MapLibre's bounds form of a box: [[west, south], [east, north]]. */
export function boundsOfHomeArea(area: HomeAreaBox): [[number, number], [number, number]] {
  return [
    [area.west, area.south],
    [area.east, area.north],
  ];
}

/** Where a map looks: its centre and zoom, to tell whether it has moved. */
export interface MapCamera {
  lng: number;
  lat: number;
  zoom: number;
}

/** The area a settings map opened on with room around it, and the camera that fit gave. */
export interface OpenedOnArea {
  area: HomeAreaBox;
  camera: MapCamera;
}

const sameCamera = (a: MapCamera, b: MapCamera) =>
  Math.abs(a.lng - b.lng) < 1e-9 && Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.zoom - b.zoom) < 1e-9;

const sameArea = (a: HomeAreaBox, b: HomeAreaBox | null) =>
  b !== null && a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north;

/**
 * What "Use the current map view" saves. The settings map opens on the area with room around it,
 * so its view is larger than the area: while the map is unmoved since and still outlines that area,
 * the area itself is kept, or each save would grow it by the room. Otherwise the view, as a home area.
 */
export function homeAreaToSave(
  view: HomeAreaBox,
  camera: MapCamera,
  opened: OpenedOnArea | null,
  outlined: HomeAreaBox | null,
): HomeAreaBox {
  if (opened && sameArea(opened.area, outlined) && sameCamera(opened.camera, camera)) return opened.area;
  return homeAreaOfView(view);
}

/** Whether a map is still where it was (a resize keeps its centre and zoom). */
export function isUnmoved(camera: MapCamera, opened: OpenedOnArea | null): boolean {
  return opened !== null && sameCamera(opened.camera, camera);
}
