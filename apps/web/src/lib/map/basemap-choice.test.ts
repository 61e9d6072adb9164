import { describe, expect, it } from 'vitest';
import type { Basemap } from '@argus/contracts/http/basemaps';
import {
  BASEMAP_CHOICE_KEY,
  CONFIGURED_BASEMAP_ID,
  basemapOptions,
  chosenBasemap,
  readBasemapChoice,
  writeBasemapChoice,
} from './basemap-choice';
import { lacksStreetMap } from './basemap-coverage';

const basemap = (id: string, overrides: Partial<Basemap> = {}): Basemap => ({
  id,
  name: id,
  kind: 'file',
  format: 'mbtiles',
  tileType: 'vector',
  tileFormat: 'mvt',
  vectorSchema: 'openmaptiles',
  minZoom: 0,
  maxZoom: 14,
  bounds: [-122.30258, 37.80615, -122.29825, 37.80914],
  attribution: '',
  order: 0,
  isDefault: false,
  sizeBytes: 1,
  filename: `${id}.mbtiles`,
  createdAt: 0,
  updatedAt: 0,
  tileUrl: `/basemaps/${id}/tiles/{z}/{x}/{y}`,
  sourceUrl: null,
  ...overrides,
});

describe('the basemap a map draws', () => {
  const streets = basemap('streets', { order: 1, isDefault: true });
  const aerial = basemap('aerial', { order: 0, tileType: 'raster' });
  const configured = basemap(CONFIGURED_BASEMAP_ID, { kind: 'online', bounds: null });
  const options = basemapOptions([streets, aerial], configured);

  it('lists the basemaps in their order, then the configured source', () => {
    expect(options.map((option) => option.id)).toEqual(['aerial', 'streets', CONFIGURED_BASEMAP_ID]);
  });

  it('is the remembered choice, the world outline alone, or else the default', () => {
    expect(chosenBasemap(options, 'aerial')).toBe(aerial);
    expect(chosenBasemap(options, 'none')).toBeNull();
    expect(chosenBasemap(options, null)).toBe(streets);
  });

  it('falls back to the default when the remembered basemap was removed', () => {
    expect(chosenBasemap(options, 'removed-since')).toBe(streets);
  });

  it('without a default is the configured MAP_TILE_URL source, or nothing', () => {
    const noDefault = basemapOptions([basemap('a')], configured);
    expect(chosenBasemap(noDefault, null)?.id).toBe(CONFIGURED_BASEMAP_ID);
    expect(chosenBasemap(basemapOptions([basemap('a')], null), null)).toBeNull();
  });

  it('is remembered under one key, and survives storage that refuses', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    writeBasemapChoice('aerial', storage);
    expect([...saved]).toEqual([[BASEMAP_CHOICE_KEY, 'aerial']]);
    expect(readBasemapChoice(storage)).toBe('aerial');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readBasemapChoice(refusing)).toBeNull();
    expect(() => writeBasemapChoice('aerial', refusing)).not.toThrow();
  });
});

describe('"No street map here"', () => {
  const oakland = basemap('oakland');
  const inside = { lat: 37.8076, lon: -122.3004 };

  it('is not said below street zoom, whatever is drawn', () => {
    expect(lacksStreetMap(null, { ...inside, zoom: 11.9 })).toBe(false);
  });

  it('is said at street zoom with no basemap, or outside its bounds', () => {
    expect(lacksStreetMap(null, { ...inside, zoom: 12 })).toBe(true);
    expect(lacksStreetMap(oakland, { lat: 37.8, lon: -122.27, zoom: 16 })).toBe(true);
    expect(lacksStreetMap(oakland, { ...inside, zoom: 16 })).toBe(false);
  });

  it('is said well beyond the deepest tiles, not within some overzoom', () => {
    expect(lacksStreetMap(oakland, { ...inside, zoom: 19 })).toBe(false);
    expect(lacksStreetMap(oakland, { ...inside, zoom: 19.5 })).toBe(true);
  });

  it('counts an online source without bounds as world-wide, across the antimeridian too', () => {
    const online = basemap('online', { kind: 'online', bounds: null, maxZoom: 19 });
    expect(lacksStreetMap(online, { lat: -33.9, lon: 18.4 + 360, zoom: 15 })).toBe(false);
    const pacific = basemap('fiji', { bounds: [177, -19, -179, -16] });
    expect(lacksStreetMap(pacific, { lat: -17.7, lon: 178.4, zoom: 14 })).toBe(false);
    expect(lacksStreetMap(pacific, { lat: -17.7, lon: -179.5, zoom: 14 })).toBe(false);
    expect(lacksStreetMap(pacific, { lat: -17.7, lon: 170, zoom: 14 })).toBe(true);
  });
});
