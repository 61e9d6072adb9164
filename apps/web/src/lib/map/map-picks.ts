import type { Point as GeoPoint } from 'geojson';
import type { GeoJSONSource, MapGeoJSONFeature, MapLibreMap } from './maplibre';
import type { MapPick, OverlayFeatureProperties } from './overlay';
import type { OverlaySync } from './overlay-sync';
import { wrapLongitude } from './coordinates';
import { prefersReducedMotion } from './reduced-motion';

/** Fat fingers: a tap picks what lies within this many pixels. */
const PICK_TOLERANCE_PX = 8;

/** The overlay feature drawn at a point of the map, if any. */
export function pickAt(map: MapLibreMap, sync: OverlaySync, x: number, y: number): MapGeoJSONFeature | undefined {
  const layers = sync.pickableLayerIds().filter((id) => map.getLayer(id));
  if (layers.length === 0) return undefined;
  const box: [[number, number], [number, number]] = [
    [x - PICK_TOLERANCE_PX, y - PICK_TOLERANCE_PX],
    [x + PICK_TOLERANCE_PX, y + PICK_TOLERANCE_PX],
  ];
  return map.queryRenderedFeatures(box, { layers })[0];
}

/**
 * Reports each click as a pick: while picking, only the place; otherwise the place and the overlay
 * feature there. A click on a cluster zooms into it instead of picking it. `current` is read at each
 * click, as the handler is registered once with the map.
 */
export function reportPicks(
  map: MapLibreMap,
  sync: OverlaySync,
  current: () => { onPick?: (pick: MapPick) => void; picking: boolean },
): void {
  map.on('click', (event) => {
    const { onPick: handlePick, picking: isPicking } = current();
    const location = { lat: event.lngLat.lat, lon: wrapLongitude(event.lngLat.lng) };
    if (isPicking) {
      handlePick?.({ location, feature: null });
      return;
    }
    const hit = pickAt(map, sync, event.point.x, event.point.y);
    const overlayId = hit ? sync.overlayOfLayer(hit.layer.id) : undefined;
    const properties = hit?.properties as (OverlayFeatureProperties & { cluster?: boolean; cluster_id?: number }) | undefined;
    if (hit && overlayId && properties?.cluster && properties.cluster_id !== undefined) {
      const [lon = 0, lat = 0] = (hit.geometry as GeoPoint).coordinates;
      void map
        .getSource<GeoJSONSource>(overlayId)
        ?.getClusterExpansionZoom(properties.cluster_id)
        .then((zoom) => map.easeTo({ center: [lon, lat], zoom, animate: !prefersReducedMotion() }));
      return;
    }
    handlePick?.({ location, feature: hit && overlayId && properties ? { overlayId, id: String(properties.id), properties } : null });
  });
}
