import { describe, expect, it, vi } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { FONT_BOLD, FONT_REGULAR } from '../fonts';
import { basemapContent } from '.';
import type { BasemapContent } from './content';
import { adoptOnlineStyle } from './online-style';
import { OPENMAPTILES_LAYERS } from './openmaptiles';
import { PROTOMAPS_LAYERS } from './protomaps';
import { tileAt, vectorTileLayerNames } from './vector-layer-names';

vi.stubGlobal('document', { baseURI: 'http://argus.test/command' });

const basemap = (overrides: Partial<Basemap>): Basemap => ({
  id: 'b1',
  name: 'West Oakland',
  kind: 'file',
  format: 'mbtiles',
  tileType: 'vector',
  tileFormat: 'mvt',
  vectorSchema: 'openmaptiles',
  minZoom: 0,
  maxZoom: 14,
  bounds: [-122.30258, 37.80615, -122.29825, 37.80914],
  attribution: '© OpenStreetMap contributors',
  order: 0,
  isDefault: true,
  sizeBytes: 1000,
  filename: 'west-oakland.mbtiles',
  createdAt: 0,
  updatedAt: 0,
  tileUrl: '/basemaps/b1/tiles/{z}/{x}/{y}',
  sourceUrl: null,
  ...overrides,
});

/** The style a map holds once the basemap is added: bundled fonts, no glyphs URL (basemap.ts). */
function asStyle(content: BasemapContent): StyleSpecification {
  return {
    version: 8,
    'font-faces': {
      [FONT_REGULAR[0]!]: [{ url: 'http://argus.test/regular.woff2' }],
      [FONT_BOLD[0]!]: [{ url: 'http://argus.test/bold.woff2' }],
    },
    sources: content.sources,
    layers: content.layers,
  } as StyleSpecification;
}

const fontsOf = (layers: LayerSpecification[]) =>
  layers.flatMap((layer) => (layer.type === 'symbol' && layer.layout?.['text-font'] ? [layer.layout['text-font']] : []));
const sourceLayersOf = (layers: LayerSpecification[]) =>
  layers.flatMap((layer) => ('source-layer' in layer && layer['source-layer'] ? [layer['source-layer']] : []));

describe.each([
  ['openmaptiles', OPENMAPTILES_LAYERS],
  ['protomaps', PROTOMAPS_LAYERS],
] as const)('the %s street style', (schema, tileLayers) => {
  it('draws only layers of its schema, in bundled fonts, and is a valid MapLibre style', async () => {
    const content = await basemapContent(basemap({ vectorSchema: schema }));
    expect(new Set(sourceLayersOf(content.layers))).toEqual(new Set(tileLayers));
    for (const font of fontsOf(content.layers)) expect([FONT_REGULAR, FONT_BOLD]).toContainEqual(font);
    expect(validateStyleMin(asStyle(content)).map((error) => error.message)).toEqual([]);
  });

  it('names streets along their lines and places at points', async () => {
    const { layers } = await basemapContent(basemap({ vectorSchema: schema }));
    const streets = layers.find((layer) => layer.id.endsWith(':street-name'));
    expect(streets?.type === 'symbol' && streets.layout?.['symbol-placement']).toBe('line');
    expect(layers.some((layer) => layer.id.endsWith(':place-local') && layer.type === 'symbol')).toBe(true);
  });

  it('puts every id under the basemap prefix and reads tiles from Argus by absolute address', async () => {
    const { sources, layers } = await basemapContent(basemap({ vectorSchema: schema }));
    expect(layers.every((layer) => layer.id.startsWith('street:b1:'))).toBe(true);
    expect(sources['street:b1:tiles']).toMatchObject({
      type: 'vector',
      tiles: ['http://argus.test/basemaps/b1/tiles/{z}/{x}/{y}'],
      maxzoom: 14,
    });
    // The archive's area is land at street zoom, under its streets, whatever the coarse world coastline says.
    expect(sources['street:b1:extent']).toMatchObject({ type: 'geojson' });
    expect(layers[0]).toMatchObject({ id: 'street:b1:extent', type: 'fill', minzoom: 10 });
  });
});

/** A protobuf Tile holding layers with these names (field 3 → Layer, field 1 → name, field 15 → version). */
function tileWithLayers(names: string[]): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const name of names) {
    const encoded = [...new TextEncoder().encode(name)];
    const layer = [0x78, 2, 0x0a, encoded.length, ...encoded];
    bytes.push(0x1a, layer.length, ...layer);
  }
  return new Uint8Array(bytes);
}

describe('a vector archive in an unknown schema', () => {
  it('reads its layer names from a tile', () => {
    expect(vectorTileLayerNames(tileWithLayers(['roads', 'lakes']))).toEqual(['roads', 'lakes']);
    expect(() => vectorTileLayerNames(new Uint8Array([0x1a, 40, 1]))).toThrow(/not a vector tile/);
  });

  it('is drawn dimly, every layer it has, with names, as a valid style', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(new Blob([tileWithLayers(['roads', 'lakes'])])));
    vi.stubGlobal('fetch', fetch);
    const content = await basemapContent(basemap({ vectorSchema: 'unknown' }));
    vi.unstubAllGlobals();
    vi.stubGlobal('document', { baseURI: 'http://argus.test/command' });
    expect(fetch.mock.calls[0]![0]).toMatch(/^\/basemaps\/b1\/tiles\/14\/\d+\/\d+$/);
    expect(new Set(sourceLayersOf(content.layers))).toEqual(new Set(['roads', 'lakes']));
    expect(content.layers.map((layer) => layer.type)).toEqual([
      'fill',
      'fill',
      'line',
      'circle',
      'symbol',
      'fill',
      'line',
      'circle',
      'symbol',
    ]);
    expect(validateStyleMin(asStyle(content)).map((error) => error.message)).toEqual([]);
  });

  it('finds the tile under a point', () => {
    expect(tileAt(-122.3004, 37.8076, 14)).toEqual({ z: 14, x: 2625, y: 6330 });
  });
});

describe('raster and online basemaps', () => {
  it('draw an XYZ template or a raster archive as one raster layer', async () => {
    const xyz = await basemapContent(
      basemap({
        kind: 'online',
        format: 'xyz',
        tileType: 'raster',
        vectorSchema: null,
        bounds: null,
        tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      }),
    );
    expect(xyz.layers).toEqual([{ id: 'street:b1:raster', type: 'raster', source: 'street:b1:tiles' }]);
    expect(xyz.sources['street:b1:tiles']).toMatchObject({ type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'], maxzoom: 14 });
    expect(validateStyleMin(asStyle(xyz))).toEqual([]);
  });

  it('let MapLibre read a TileJSON document itself', async () => {
    const tileJson = await basemapContent(
      basemap({ kind: 'online', format: 'tilejson', tileType: 'vector', tileUrl: null, sourceUrl: 'https://tiles.example/tiles.json' }),
    );
    expect(tileJson.sources['street:b1:tiles']).toMatchObject({ type: 'vector', url: 'https://tiles.example/tiles.json' });
  });

  it('take an online style apart under the prefix, in bundled fonts, its relative addresses resolved', () => {
    const style = {
      version: 8,
      glyphs: 'https://fonts.example/{fontstack}/{range}.pbf',
      sprite: 'https://fonts.example/sprite',
      sources: { osm: { type: 'vector', url: 'tiles.json' } },
      layers: [
        { id: 'bg', type: 'background', paint: { 'background-color': '#111' } },
        { id: 'roads', type: 'line', source: 'osm', 'source-layer': 'transportation' },
        {
          id: 'names',
          type: 'symbol',
          source: 'osm',
          'source-layer': 'place',
          layout: { 'text-field': '{name}', 'text-font': ['Open Sans Bold'] },
        },
      ],
    } as StyleSpecification;
    const content = adoptOnlineStyle(style, 'https://maps.example/styles/dark/style.json', 'street:s:');
    expect(Object.keys(content.sources)).toEqual(['street:s:osm']);
    expect(content.sources['street:s:osm']).toMatchObject({ url: 'https://maps.example/styles/dark/tiles.json' });
    expect(content.layers.map((layer) => layer.id)).toEqual(['street:s:bg', 'street:s:roads', 'street:s:names']);
    expect(fontsOf(content.layers)).toEqual([FONT_BOLD]);
    expect(validateStyleMin(asStyle(content))).toEqual([]);
  });
});
