import type { MapView } from './basemap-coverage';
import { wrapLongitude } from './coordinates';
import type { ReadoutPoint } from './CoordinateReadout';
import type { MapLibreMap } from './maplibre';
import { pickAt } from './map-picks';
import type { OverlaySync } from './overlay-sync';

interface Followers {
  /** The coordinate readout: under the pointer, or the centre when the pointer is off the map. */
  onReadout: (point: ReadoutPoint) => void;
  /** The view once the map is loaded and after each move. */
  onView: (view: MapView) => void;
  /** Read at each pointer move: while picking the cursor stays a crosshair. */
  picking: () => boolean;
}

/**
 * Follows the pointer and the view: the readout and the pointer cursor over something pickable
 * are updated at most once a frame, however often the mouse moves. Returns a stop that cancels a
 * pending frame.
 */
export function followPointerAndView(map: MapLibreMap, sync: OverlaySync, { onReadout, onView, picking }: Followers): () => void {
  let frame = 0;
  let pointer: { x: number; y: number; lat: number; lon: number } | null = null;

  const showCentre = () => {
    const centre = map.getCenter();
    onReadout({ kind: 'centre', lat: centre.lat, lon: wrapLongitude(centre.lng) });
  };
  const noteView = () => {
    const centre = map.getCenter();
    onView({ lat: centre.lat, lon: wrapLongitude(centre.lng), zoom: map.getZoom() });
  };
  const updatePointer = () => {
    frame = 0;
    if (!pointer) return;
    onReadout({ kind: 'pointer', lat: pointer.lat, lon: pointer.lon });
    if (!picking()) map.getCanvas().style.cursor = pickAt(map, sync, pointer.x, pointer.y) ? 'pointer' : '';
  };

  map.on('load', () => {
    showCentre();
    noteView();
  });
  map.on('mousemove', (event) => {
    pointer = { x: event.point.x, y: event.point.y, lat: event.lngLat.lat, lon: wrapLongitude(event.lngLat.lng) };
    if (!frame) frame = requestAnimationFrame(updatePointer);
  });
  map.on('mouseout', () => {
    pointer = null;
    showCentre();
  });
  map.on('moveend', () => {
    if (!pointer) showCentre();
    noteView();
  });
  return () => {
    if (frame) cancelAnimationFrame(frame);
  };
}
