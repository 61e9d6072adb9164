import { describe, expect, it } from 'vitest';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { describeCoverage, describeSource, describeTiles, describeZoom } from './basemap-describe';

const FILE: Basemap = {
  id: 'b1',
  name: 'West Oakland',
  kind: 'file',
  format: 'mbtiles',
  tileType: 'vector',
  tileFormat: 'mvt',
  vectorSchema: 'openmaptiles',
  minZoom: 0,
  maxZoom: 14,
  bounds: [-122.3, 37.8, -122.29, 37.81],
  attribution: '© OpenStreetMap contributors',
  order: 0,
  isDefault: true,
  sizeBytes: 3 * 1024 * 1024 + 512 * 1024,
  filename: 'west-oakland.mbtiles',
  createdAt: 1_795_000_000_000,
  updatedAt: 1_795_000_000_000,
  tileUrl: '/basemaps/b1/tiles/{z}/{x}/{y}',
  sourceUrl: null,
};

const ONLINE: Basemap = {
  ...FILE,
  id: 'b2',
  kind: 'online',
  format: 'xyz',
  tileType: 'raster',
  tileFormat: null,
  vectorSchema: null,
  bounds: null,
  sizeBytes: null,
  filename: null,
  tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
  sourceUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
};

describe('describing a basemap', () => {
  it('names an uploaded file with its format, file name and size', () => {
    expect(describeSource(FILE)).toEqual({ summary: 'Uploaded MBTiles file', detail: 'west-oakland.mbtiles, 3.5 MB' });
  });

  it('names an online source with its kind and address', () => {
    expect(describeSource(ONLINE)).toEqual({ summary: 'Online XYZ tiles', detail: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect(describeSource({ ...ONLINE, format: 'style', tileUrl: null, sourceUrl: 'https://maps.example.org/style.json' }).summary).toBe(
      'Online MapLibre style',
    );
  });

  it('says vector with its schema, or raster with its image format', () => {
    expect(describeTiles(FILE)).toBe('Vector, OpenMapTiles');
    expect(describeTiles({ ...FILE, vectorSchema: 'protomaps' })).toBe('Vector, Protomaps');
    expect(describeTiles({ ...FILE, vectorSchema: 'unknown' })).toBe('Vector, unknown schema');
    expect(describeTiles({ ...FILE, tileType: 'raster', tileFormat: 'png', vectorSchema: null })).toBe('Raster, PNG');
    expect(describeTiles(ONLINE)).toBe('Raster');
  });

  it('gives the zoom range', () => {
    expect(describeZoom(FILE)).toBe('Zoom 0–14');
    expect(describeZoom({ ...FILE, minZoom: 5, maxZoom: 5 })).toBe('Zoom 5');
  });

  it('says what the map cannot outline: the world, or nothing stated', () => {
    expect(describeCoverage(FILE)).toBeNull();
    expect(describeCoverage({ ...FILE, bounds: [-180, -85.06, 180, 85.06] })).toBe('Covers the whole world');
    expect(describeCoverage(ONLINE)).toBe('Covers the whole world');
    expect(describeCoverage({ ...ONLINE, format: 'tilejson' })).toBe('Coverage not stated');
    expect(describeCoverage({ ...FILE, bounds: null })).toBe('Coverage not stated');
  });
});
