import { useEffect, useMemo, useRef, useState } from 'react';
import type { Polygon } from 'geojson';
import type { TerraDraw } from 'terra-draw';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { LngLatBounds, MapLibreMap } from '../../lib/map/maplibre';
import type { LatLon } from '../../lib/geo/mgrs';
import type { MapFocus, MapOverlay, MapPick } from '../../lib/map/overlay';
import { prefersReducedMotion } from '../../lib/map/reduced-motion';
import { cornersOverlay } from './corner-overlay';
import { cornersOf, polygonOf, type Corners } from './zone-corners';

export interface ZoneDrawMapProps {
  overlays: readonly MapOverlay[];
  /** Whether a zone's outline is being drawn or edited (its corners below). */
  editing: boolean;
  /** The outline's corners, shared with the corner list: either side may change them. */
  corners: Corners;
  /** The corners after each finished edit on the map (a polygon closed, a corner dragged). */
  onCorners: (corners: LatLon[]) => void;
  onPick?: (pick: MapPick) => void;
  focus?: MapFocus | null;
  label: string;
  className?: string;
}

const POLYGON_STYLE = { fillColor: '#d4a72c', outlineColor: '#d4a72c', fillOpacity: 0.25, outlineWidth: 2 } as const;
const SELECT_STYLE = {
  selectedPolygonColor: '#d4a72c',
  selectedPolygonOutlineColor: '#d4a72c',
  selectionPointColor: '#ffffff',
  midPointColor: '#d4a72c',
} as const;

/**
 * The operational map with terra-draw on top while a zone is drawn or edited. terra-draw and its
 * MapLibre adapter load only when editing starts; clicks on the map do not pick while editing.
 * The corners are the one truth: the map draws them (terra-draw's polygon once there are three,
 * numbered dots always) and reports its own edits back as corners.
 */
export function ZoneDrawMap({ overlays, editing, corners, onCorners, onPick, focus, label, className }: ZoneDrawMapProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const onCornersRef = useRef(onCorners);
  useEffect(() => {
    onCornersRef.current = onCorners;
  });
  // The outline terra-draw shows now, so an edit it reported is not pushed back to it.
  const shown = useRef<{ key: string; featureId: string | null }>({ key: '', featureId: null });
  // The corners as the map last reported them: other corners came from the list.
  const reported = useRef('');

  useEffect(() => {
    if (!map || !editing) return undefined;
    let stopped = false;
    let started: TerraDraw | null = null;
    void Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(([terra, adapter]) => {
      if (stopped) return;
      const created = new terra.TerraDraw({
        adapter: new adapter.TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new terra.TerraDrawPolygonMode({ styles: POLYGON_STYLE }),
          new terra.TerraDrawSelectMode({
            flags: { polygon: { feature: { draggable: true, coordinates: { midpoints: true, draggable: true, deletable: true } } } },
            styles: SELECT_STYLE,
          }),
        ],
      });
      created.start();
      created.setMode('polygon');
      created.on('finish', (id, context) => {
        const feature = created.getSnapshotFeature(id);
        if (feature?.geometry.type !== 'Polygon') return;
        const polygon: Polygon = { type: 'Polygon', coordinates: feature.geometry.coordinates };
        const fromMap = cornersOf(polygon);
        shown.current = { key: keyOf(polygonOf(fromMap)), featureId: String(id) };
        reported.current = JSON.stringify(fromMap);
        // One zone at a time: once the polygon is closed it is edited, not followed by another.
        if (context.action === 'draw') {
          created.setMode('select');
          created.selectFeature(id);
        }
        onCornersRef.current(fromMap);
      });
      shown.current = { key: '', featureId: null };
      started = created;
      setDraw(created);
    });
    return () => {
      stopped = true;
      started?.stop();
      setDraw(null);
    };
  }, [editing, map]);

  // Corners changed from the list (or editing just started): show them in terra-draw.
  const polygon = useMemo(() => polygonOf(corners), [corners]);
  const key = keyOf(polygon);
  useEffect(() => {
    // A stopped terra-draw (editing just ended, in this same commit) refuses every call.
    if (!draw?.enabled || key === shown.current.key) return;
    const { featureId } = shown.current;
    if (featureId && draw.hasFeature(featureId)) draw.removeFeatures([featureId]);
    shown.current = { key, featureId: null };
    if (!polygon) {
      // Fewer than three corners: the dots show them; a click on the map starts drawing afresh.
      draw.setMode('polygon');
      return;
    }
    const id = crypto.randomUUID();
    // terra-draw refuses coordinates finer than its precision (9 decimals); a parsed MGRS has more.
    const held: Polygon = {
      type: 'Polygon',
      coordinates: polygon.coordinates.map((ring) => ring.map(([lon = 0, lat = 0]) => [toPrecision(lon), toPrecision(lat)])),
    };
    const [result] = draw.addFeatures([{ id, type: 'Feature', geometry: held, properties: { mode: 'polygon' } }]);
    if (!result?.valid) {
      // terra-draw will not hold this outline (the corner list says why); the dots still show it.
      draw.setMode('polygon');
      return;
    }
    shown.current.featureId = id;
    draw.setMode('select');
    draw.selectFeature(id);
    // The polygon is what the key says; only a new key pushes it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [draw, key]);

  // A corner typed in the list is brought into view, so the map shows what the list says: the map
  // moves when a corner is off screen, or when the outline would be a speck on a wide view (the
  // home area may span a region; a district's corners there would all be "in view" as one dot).
  const cornersKey = JSON.stringify(corners);
  useEffect(() => {
    if (!map || !editing || corners.length === 0 || cornersKey === reported.current) return;
    const lons = corners.map((corner) => corner.lon);
    const lats = corners.map((corner) => corner.lat);
    if (outlineShown(map.getBounds(), map.getZoom(), lons, lats)) return;
    map.fitBounds(
      [
        [Math.min(...lons), Math.min(...lats)],
        [Math.max(...lons), Math.max(...lats)],
      ],
      {
        padding: { top: 70, bottom: 60, left: 50, right: 60 },
        maxZoom: 15,
        animate: !prefersReducedMotion(),
      },
    );
    // The corners are what the key says.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [map, editing, cornersKey]);

  const shownOverlays = useMemo(() => (editing ? [...overlays, cornersOverlay(corners)] : overlays), [editing, overlays, corners]);

  return (
    <div className={className}>
      <OperationalMap
        overlays={shownOverlays}
        onPick={editing ? undefined : onPick}
        onMapReady={setMap}
        focus={focus}
        goTo
        viewInAddress
        label={label}
        className="h-full w-full"
      />
    </div>
  );
}

const toPrecision = (value: number) => Math.round(value * 1e9) / 1e9;

function keyOf(polygon: Polygon | null): string {
  return polygon ? JSON.stringify(polygon.coordinates) : 'none';
}

/** Below this share of the view's span an outline is too small to read, let alone edit. */
const LEGIBLE_SHARE = 0.05;
/** A single corner is "shown" from a street-level zoom on. */
const LEGIBLE_POINT_ZOOM = 12;

/** Whether every corner is on screen and the outline big enough there to be seen. */
function outlineShown(bounds: LngLatBounds, zoom: number, lons: number[], lats: number[]): boolean {
  if (!lons.every((lon, index) => bounds.contains([lon, lats[index]!]))) return false;
  if (lons.length === 1) return zoom >= LEGIBLE_POINT_ZOOM;
  const lonShare = (Math.max(...lons) - Math.min(...lons)) / (bounds.getEast() - bounds.getWest());
  const latShare = (Math.max(...lats) - Math.min(...lats)) / (bounds.getNorth() - bounds.getSouth());
  return Math.max(lonShare, latShare) >= LEGIBLE_SHARE;
}
