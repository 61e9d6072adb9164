import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiLineString } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
// Labels are drawn from these bundled files (MapLibre `font-faces`): no glyphs URL, no network.
import notoSansRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import notoSansBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2?url';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { BASEMAP_COLOURS } from './palette';

/** Basic Latin, Latin-1 and the punctuation that callsigns, references and numbers use. */
const LATIN = [
  'U+0000-00FF',
  'U+0131',
  'U+0152-0153',
  'U+02BB-02BC',
  'U+02C6',
  'U+02DA',
  'U+02DC',
  'U+2000-206F',
  'U+20AC',
  'U+2122',
  'U+2191',
  'U+2193',
  'U+2212',
  'U+2215',
  'U+FEFF',
  'U+FFFD',
];

export const LAND_SOURCE = 'basemap-land';
export const BORDERS_SOURCE = 'basemap-borders';
/** The world outline's top layer: a street basemap goes just above it, under every overlay. */
export const WORLD_OUTLINE_TOP_LAYER = 'basemap-borders';

export interface BasemapGeometry {
  land: FeatureCollection;
  borders: MultiLineString;
}

let geometry: Promise<BasemapGeometry> | null = null;

/**
 * Natural Earth 1:50m countries, shipped as TopoJSON (about a quarter of its GeoJSON size) in a
 * chunk of its own, converted in the browser once per page load; every later map reuses it.
 */
export function loadBasemapGeometry(): Promise<BasemapGeometry> {
  geometry ??= import('world-atlas/countries-50m.json?raw').then(({ default: text }) => {
    const topology = JSON.parse(text) as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
    return {
      land: feature(topology, topology.objects.land),
      // Shared arcs only: the lines between two countries, not the coastlines.
      borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
    };
  });
  return geometry;
}

const absolute = (url: string) => new URL(url, document.baseURI).href;
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The style every operational map starts from: water as the background, then land and country
 * borders (filled in by the map once loadBasemapGeometry resolves). This world outline stays below
 * the chosen street basemap as its fallback (street-basemap.ts adds that over it); overlays are
 * added on top by the map engine.
 */
export function basemapStyle(): StyleSpecification {
  return {
    version: 8,
    'font-faces': {
      [FONT_REGULAR[0]!]: [{ url: absolute(notoSansRegular), 'unicode-range': LATIN }],
      [FONT_BOLD[0]!]: [{ url: absolute(notoSansBold), 'unicode-range': LATIN }],
    },
    sources: {
      [LAND_SOURCE]: { type: 'geojson', data: EMPTY, tolerance: 0.5 },
      [BORDERS_SOURCE]: { type: 'geojson', data: EMPTY, tolerance: 0.5 },
    },
    layers: [
      { id: 'basemap-water', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.water } },
      {
        id: 'basemap-land',
        type: 'fill',
        source: LAND_SOURCE,
        paint: { 'fill-color': BASEMAP_COLOURS.land, 'fill-outline-color': BASEMAP_COLOURS.coast },
      },
      {
        id: WORLD_OUTLINE_TOP_LAYER,
        type: 'line',
        source: BORDERS_SOURCE,
        paint: { 'line-color': BASEMAP_COLOURS.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] },
      },
    ],
  };
}
