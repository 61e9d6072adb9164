/**
 * The page the map-symbols benchmark runs in Chromium. Its script is TypeScript bundled by
 * esbuild with the web app's own map modules (the units overlay, OverlaySync, the symbol images),
 * so the bench measures the code the command map runs; it is kept as text because the bench is
 * type-checked for Node, not the browser. The style is a plain background with the bundled
 * Noto Sans for callsigns: the basemap is not what is measured.
 *
 * `runMapPhase(variant, units, updates)` opens a map, draws `units` units spread over the view
 * at zoom 13 (above the clustering zoom, so every unit is drawn on its own), then moves every unit
 * a little and changes a few statuses `updates` times, no faster than twice a second and never
 * before the map has drawn the previous update, and answers each update's time from building
 * the overlay to MapLibre's `idle` (everything drawn, fades included), with where it went: the
 * time to build the overlay and hand it to MapLibre (`sent`), the time until the worker had every
 * tile back (`worker`), and the frames drawn before idle (`frames`).
 * Variants: `symbols`, the product's units overlay; `circles`, the same overlay with its symbols
 * swapped for the plain status-coloured circle units were drawn as before (callsigns kept).
 */
export const MAP_PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>map symbols bench</title>
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html, body, #map { margin: 0; width: 100%; height: 100%; }</style>
</head><body><div id="map"></div><script type="module" src="/bench-page.js"></script></body></html>`;

export const MAP_PAGE_SOURCE = String.raw`
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import type { Unit } from '@argus/contracts/http/units';
import { UNIT_KINDS, UNIT_STATUSES } from '@argus/contracts/units';
import { FONT_BOLD } from './fonts';
import { mapImages } from './images';
import { OverlaySync } from './overlay-sync';
import type { MapOverlay, OverlayLayer } from './overlay';
import { unitsOverlay } from './overlays/units';
import { BASEMAP_COLOURS, UNIT_STATUS_COLOURS } from './palette';
import { provideSymbolImages } from './symbol-images';
import { symbolImage } from './symbol-image';

setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');

const CENTRE = { lat: 51.5, lon: -0.12 };
const ZOOM = 13;
/** The view at zoom 13 on a 1280 × 800 page: about 0.22° of longitude by 0.086° of latitude. */
const SPAN = { lat: 0.08, lon: 0.21 };
const UPDATE_EVERY_MS = 500;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function fleet(count: number, now: number): Unit[] {
  const next = random(7);
  return Array.from({ length: count }, (_, index) => ({
    id: 'u' + index,
    callsign: 'U-' + index,
    kind: UNIT_KINDS[index % UNIT_KINDS.length]!,
    status: UNIT_STATUSES[Math.floor(next() * UNIT_STATUSES.length)]!,
    members: [],
    position: {
      location: { lat: CENTRE.lat + (next() - 0.5) * SPAN.lat, lon: CENTRE.lon + (next() - 0.5) * SPAN.lon },
      heading: Math.floor(next() * 360),
      speed: 10,
      at: now,
    },
    emergency: null,
    updatedAt: now,
  }));
}

/** Every unit a few metres on, one in a hundred to another status: new objects, as the live cache hands them over. */
function moved(units: Unit[], next: () => number, now: number): Unit[] {
  return units.map((unit) => {
    const position = unit.position!;
    const status = next() < 0.01 ? UNIT_STATUSES[Math.floor(next() * UNIT_STATUSES.length)]! : unit.status;
    return {
      ...unit,
      status,
      position: {
        ...position,
        location: { lat: position.location.lat + (next() - 0.5) * 0.0003, lon: position.location.lon + (next() - 0.5) * 0.0005 },
        at: now,
      },
      updatedAt: now,
    };
  });
}

const CIRCLE: OverlayLayer = {
  id: 'point',
  type: 'circle',
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-radius': 7,
    'circle-color': ['match', ['get', 'status'], ...Object.entries(UNIT_STATUS_COLOURS).flat(), '#868e96'] as never,
    'circle-opacity': ['case', ['get', 'stale'], 0.5, 1],
    'circle-stroke-color': BASEMAP_COLOURS.halo,
    'circle-stroke-width': 2,
  },
};

function overlayFor(variant: string, units: Unit[], now: number): MapOverlay {
  const overlay = unitsOverlay(units, { now });
  return variant === 'circles' ? { ...overlay, layers: overlay.layers.map((layer) => (layer.id === 'point' ? CIRCLE : layer)) } : overlay;
}

/** MapLibre's next idle; past 20 s the update counts as 20 s, so a map that cannot keep up shows in the figures instead of hanging the run. */
const idle = (map: MapLibreMap) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 20_000);
    map.once('idle', () => {
      clearTimeout(timer);
      resolve();
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runMapPhase(variant: string, count: number, updates: number) {
  const container = document.getElementById('map')!;
  const map = new MapLibreMap({
    container,
    center: [CENTRE.lon, CENTRE.lat],
    zoom: ZOOM,
    attributionControl: false,
    // As the product's map (MapEngine.tsx): labels appear and go without a fade, placed in one frame.
    fadeDuration: 0,
    style: {
      version: 8,
      'font-faces': { [FONT_BOLD[0]!]: [{ url: new URL('/fonts/noto-sans-latin-700-normal.woff2', location.href).href }] },
      sources: {},
      layers: [{ id: 'background', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.land } }],
    },
  });
  const stopImages = provideSymbolImages(map, symbolImage);
  await new Promise<void>((resolve) => map.once('load', () => resolve()));
  for (const image of mapImages()) map.addImage(image.name, image, { pixelRatio: image.pixelRatio });
  const sync = new OverlaySync(map);
  const next = random(11);
  let units = fleet(count, Date.now());
  sync.sync([overlayFor(variant, units, Date.now())]);
  await idle(map);
  const ms: number[] = [];
  const sent: number[] = [];
  const worker: number[] = [];
  const frames: number[] = [];
  const started = performance.now();
  for (let update = 0; update < updates; update += 1) {
    const due = performance.now() + UPDATE_EVERY_MS;
    const begin = performance.now();
    units = moved(units, next, Date.now());
    const drawn = idle(map);
    // Where the time goes: until the worker has every tile back, then the frames until idle.
    let tilesBack = 0;
    let frameCount = 0;
    const onData = (event: { sourceId?: string }) => {
      if (event.sourceId === 'units' && !tilesBack && map.isSourceLoaded('units')) tilesBack = performance.now() - begin;
    };
    const onRender = () => {
      frameCount += 1;
    };
    map.on('sourcedata', onData);
    map.on('render', onRender);
    sync.sync([overlayFor(variant, units, Date.now())]);
    sent.push(performance.now() - begin);
    await drawn;
    map.off('sourcedata', onData);
    map.off('render', onRender);
    ms.push(performance.now() - begin);
    worker.push(tilesBack);
    frames.push(frameCount);
    await sleep(Math.max(0, due - performance.now()));
  }
  const seconds = (performance.now() - started) / 1000;
  const unitImages = map.listImages().filter((name) => name.startsWith('argus-unit-')).length;
  stopImages();
  sync.dispose();
  map.remove();
  return { ms, sent, worker, frames, seconds, unitImages };
}

(globalThis as unknown as { runMapPhase: typeof runMapPhase }).runMapPhase = runMapPhase;
`;
