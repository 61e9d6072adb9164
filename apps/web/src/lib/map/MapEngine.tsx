import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Point as GeoPoint } from 'geojson';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { BORDERS_SOURCE, LAND_SOURCE, basemapStyle, loadBasemapGeometry } from './basemap';
import { chosenBasemap, defaultBasemap, readBasemapChoice, writeBasemapChoice } from './basemap-choice';
import { lacksStreetMap, type MapView } from './basemap-coverage';
import { BasemapSwitcher } from './BasemapSwitcher';
import { wrapLongitude } from './coordinates';
import { CoordinateReadout, type ReadoutPoint } from './CoordinateReadout';
import { mapImages } from './images';
import { MapGoTo } from './MapGoTo';
import { NoStreetMapNotice } from './NoStreetMapNotice';
import { AttributionControl, MapLibreMap, NavigationControl, ScaleControl, type GeoJSONSource, type MapGeoJSONFeature } from './maplibre';
import type { OperationalMapProps } from './map-props';
import type { MapOverlay, OverlayFeatureProperties, OverlayGeometry } from './overlay';
import { OverlaySync } from './overlay-sync';
import { provideSymbolImages } from './symbol-images';
import { StreetBasemap } from './street-basemap';
import { symbolImage } from './symbol-image';

interface Engine {
  map: MapLibreMap;
  sync: OverlaySync;
  street: StreetBasemap;
  /** The MapLibre control in the map's corner that holds the basemap switcher. */
  switcherCorner: HTMLElement;
}

export interface MapEngineProps extends OperationalMapProps {
  /** The basemaps to offer, in order (basemap-choice.ts). */
  basemaps: readonly Basemap[];
  /** Command-level roles are pointed to where basemaps are added. */
  canManageBasemaps: boolean;
}

/** Fat fingers: a tap picks what lies within this many pixels. */
const PICK_TOLERANCE_PX = 8;
const FIT_MAX_ZOOM = 13;
/** A map with nothing to fit opens over its basemap's area, but no closer than a neighbourhood. */
const BASEMAP_FIT_MAX_ZOOM = 15;

const prefersReducedMotion = () => document.documentElement.classList.contains('reduce-motion');

/** A view MapLibre's hash option will take from the address: "#zoom/lat/lon". */
const VIEW_IN_ADDRESS = /^#\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?\/-?\d+(?:\.\d+)?(?:[/&]|$)/;

function pickAt(map: MapLibreMap, sync: OverlaySync, x: number, y: number): MapGeoJSONFeature | undefined {
  const layers = sync.pickableLayerIds().filter((id) => map.getLayer(id));
  if (layers.length === 0) return undefined;
  const box: [[number, number], [number, number]] = [
    [x - PICK_TOLERANCE_PX, y - PICK_TOLERANCE_PX],
    [x + PICK_TOLERANCE_PX, y + PICK_TOLERANCE_PX],
  ];
  return map.queryRenderedFeatures(box, { layers })[0];
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

/** The bounds of every point in the overlays, or null when there is none. */
function boundsOf(overlays: readonly MapOverlay[]): [[number, number], [number, number]] | null {
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

/**
 * The MapLibre map behind `<OperationalMap>`: loaded lazily with MapLibre itself. It owns the
 * MapLibre instance (outside React state, so live data never re-renders it), keeps overlays in
 * step through OverlaySync, and reports picks, focus moves and the coordinate readout.
 */
export function MapEngine({
  overlays,
  onPick,
  onMapReady,
  picking = false,
  focus,
  initialView,
  basemaps,
  canManageBasemaps,
  goTo = false,
  viewInAddress = false,
  label = 'Operational map',
  className,
}: MapEngineProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [readout, setReadout] = useState<ReadoutPoint | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [choice, setChoice] = useState(readBasemapChoice);
  const [basemapFailure, setBasemapFailure] = useState<string | null>(null);
  const basemap = chosenBasemap(basemaps, choice);
  // The latest props for handlers registered once on the map.
  const latest = useRef({ overlays, onPick, onMapReady, picking, focus, initialView, basemap, basemaps, label, viewInAddress });
  useEffect(() => {
    latest.current = { overlays, onPick, onMapReady, picking, focus, initialView, basemap, basemaps, label, viewInAddress };
  });
  const hasFitted = useRef(Boolean(initialView || focus));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = latest.current;
    let map: MapLibreMap;
    // A shared link or a reload opens where the address says, not fitted to the data.
    if (start.viewInAddress && VIEW_IN_ADDRESS.test(window.location.hash)) hasFitted.current = true;
    // Nothing to open on: the basemap's own area rather than the middle of the world.
    const area = start.initialView ? null : (start.basemap?.bounds ?? defaultBasemap(start.basemaps)?.bounds ?? null);
    try {
      map = new MapLibreMap({
        container,
        style: basemapStyle(),
        center: start.initialView ? [start.initialView.center.lon, start.initialView.center.lat] : [10, 25],
        zoom: start.initialView?.zoom ?? 1.3,
        ...(area ? { bounds: area, fitBoundsOptions: { maxZoom: BASEMAP_FIT_MAX_ZOOM } } : {}),
        attributionControl: false,
        fadeDuration: 0, // labels placed in one frame, not faded over many: docs/decisions/0034-map-update-path.md
        dragRotate: false,
        pitchWithRotate: false,
        maxPitch: 0,
        locale: { 'Map.Title': start.label },
        // MapLibre keeps the history entry's state when it rewrites the hash, so the router is undisturbed.
        hash: start.viewInAddress,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'This browser could not start the map.');
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const switcherCorner = document.createElement('div');
    switcherCorner.className = 'maplibregl-ctrl maplibregl-ctrl-group';
    map.addControl({ onAdd: () => switcherCorner, onRemove: () => switcherCorner.remove() }, 'top-right');
    map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-right');
    map.addControl(new AttributionControl({ compact: true, customAttribution: 'Natural Earth' }), 'bottom-right');

    const sync = new OverlaySync(map);
    const street = new StreetBasemap(map, (message) => {
      if (alive) setBasemapFailure(message);
    });
    // Unit and incident symbols are drawn when a layer first asks for one; set before any layer can ask.
    const stopSymbolImages = provideSymbolImages(map, symbolImage);
    let alive = true;
    let frame = 0;
    let pointer: { x: number; y: number; lat: number; lon: number } | null = null;

    const showCentre = () => {
      const centre = map.getCenter();
      setReadout({ kind: 'centre', lat: centre.lat, lon: wrapLongitude(centre.lng) });
    };
    const noteView = () => {
      const centre = map.getCenter();
      setView({ lat: centre.lat, lon: wrapLongitude(centre.lng), zoom: map.getZoom() });
    };
    const updatePointer = () => {
      frame = 0;
      if (!pointer) return;
      setReadout({ kind: 'pointer', lat: pointer.lat, lon: pointer.lon });
      if (!latest.current.picking) map.getCanvas().style.cursor = pickAt(map, sync, pointer.x, pointer.y) ? 'pointer' : '';
    };

    map.on('load', () => {
      if (!alive) return;
      for (const image of mapImages()) {
        map.addImage(image.name, { width: image.width, height: image.height, data: image.data }, { pixelRatio: image.pixelRatio });
      }
      showCentre();
      noteView();
      setEngine({ map, sync, street, switcherCorner });
      latest.current.onMapReady?.(map);
      void loadBasemapGeometry().then(({ land, borders }) => {
        if (!alive) return;
        void map.getSource<GeoJSONSource>(LAND_SOURCE)?.setData(land);
        void map.getSource<GeoJSONSource>(BORDERS_SOURCE)?.setData(borders);
        container.dataset.mapReady = 'true';
      });
    });
    map.on('error', (event) => {
      // A failed tile or font falls back (offline basemap, local font); the map keeps working.
      console.warn('Map:', event.error?.message);
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
    map.on('click', (event) => {
      const { onPick: handlePick, picking: isPicking } = latest.current;
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

    return () => {
      alive = false;
      if (frame) cancelAnimationFrame(frame);
      stopSymbolImages();
      street.dispose();
      sync.dispose();
      latest.current.onMapReady?.(null);
      delete container.dataset.mapReady;
      map.remove();
      setEngine(null);
    };
  }, []);

  // Only another basemap (or the same one changed) is redrawn, never the map: overlays stay.
  const basemapKey = basemap ? `${basemap.id}@${basemap.updatedAt}` : 'none';
  useEffect(() => {
    if (engine) void engine.street.show(latest.current.basemap);
  }, [engine, basemapKey]);

  const chooseBasemap = (id: string) => {
    writeBasemapChoice(id);
    setChoice(id);
  };

  useEffect(() => {
    if (!engine) return;
    engine.sync.sync(overlays);
    if (hasFitted.current) return;
    const bounds = boundsOf(overlays);
    if (!bounds) return;
    hasFitted.current = true;
    engine.map.fitBounds(bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM, animate: false });
  }, [engine, overlays]);

  // Only a new key moves the camera: the same focus re-rendered must not fight the user's panning.
  const focusKey = focus?.key;
  useEffect(() => {
    const { focus } = latest.current;
    if (!engine || !focus) return;
    hasFitted.current = true;
    const zoom = Math.max(engine.map.getZoom(), focus.zoom ?? 12);
    const center: [number, number] = [focus.location.lon, focus.location.lat];
    if (prefersReducedMotion()) engine.map.jumpTo({ center, zoom });
    else engine.map.flyTo({ center, zoom, duration: 800 });
  }, [engine, focusKey]);

  useEffect(() => {
    if (engine) engine.map.getCanvas().style.cursor = picking ? 'crosshair' : '';
  }, [engine, picking]);

  return (
    <div className={className}>
      <div className="relative h-full w-full overflow-hidden bg-[#0e1621]">
        {/* MapLibre makes its container position: relative, so it is sized, not inset. */}
        <div ref={containerRef} data-operational-map="" className="h-full w-full" />
        {failure ? (
          <p role="alert" className="absolute inset-x-4 top-4 rounded-md border border-danger bg-surface p-3 text-danger">
            {`The map could not start: ${failure}`}
          </p>
        ) : null}
        {picking ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute left-1/2 top-1/2 z-10 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-gold"
          >
            <div className="absolute left-1/2 top-1/2 size-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-gold" />
          </div>
        ) : null}
        {basemapFailure ? (
          <p role="alert" className="absolute inset-x-4 top-14 z-10 rounded-md border border-danger bg-surface p-2 text-sm text-danger">
            {basemapFailure}
          </p>
        ) : null}
        {view && lacksStreetMap(basemap, view) ? <NoStreetMapNotice canManage={canManageBasemaps} /> : null}
        {engine
          ? createPortal(<BasemapSwitcher options={basemaps} current={basemap} onChoose={chooseBasemap} />, engine.switcherCorner)
          : null}
        <CoordinateReadout point={readout} />
        {goTo && engine ? <MapGoTo map={engine.map} /> : null}
      </div>
    </div>
  );
}
