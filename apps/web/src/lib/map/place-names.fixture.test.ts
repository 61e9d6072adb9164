import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { searchPlaceNames, type NamedFeatureInput } from './place-names';

/** The real West Oakland street tiles the browser tests upload (their provenance is in the fixture's README). */
const FIXTURE = fileURLToPath(new URL('../../../../../e2e/fixtures/streets/west-oakland.mbtiles', import.meta.url));

/** Every feature of the zoom-14 tiles as GeoJSON, as MapLibre's querySourceFeatures hands them to "Go to". */
function streetTileFeatures(): NamedFeatureInput[] {
  const db = new Database(FIXTURE, { readonly: true });
  try {
    const rows = db.prepare('SELECT tile_column AS x, tile_row AS row, tile_data AS data FROM tiles WHERE zoom_level = 14').all() as {
      x: number;
      row: number;
      data: Buffer;
    }[];
    return rows.flatMap(({ x, row, data }) => {
      // MBTiles counts rows from the south (TMS); GeoJSON conversion wants XYZ rows from the north.
      const y = 2 ** 14 - 1 - row;
      const bytes = data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
      const tile = new VectorTile(new PbfReader(bytes));
      return Object.entries(tile.layers).flatMap(([sourceLayer, layer]) =>
        Array.from({ length: layer.length }, (_, index) => {
          const feature = layer.feature(index).toGeoJSON(x, y, 14);
          return { geometry: feature.geometry, properties: feature.properties, sourceLayer };
        }),
      );
    });
  } finally {
    db.close();
  }
}

describe('searchPlaceNames on real OpenMapTiles street tiles', () => {
  const features = streetTileFeatures();

  it('finds a street of West Oakland by part of its name, once, on the street', () => {
    const matches = searchPlaceNames(features, 'wood');
    const wood = matches.filter((match) => match.name === 'Wood Street');
    expect(wood).toHaveLength(1);
    expect(wood[0]?.kind).toMatch(/^Street/);
    // Inside the fixture's bounds (its metadata): the middle of the street, not a tile corner.
    expect(wood[0]?.point.lon).toBeGreaterThan(-122.3035);
    expect(wood[0]?.point.lon).toBeLessThan(-122.2975);
    expect(wood[0]?.point.lat).toBeGreaterThan(37.805);
    expect(wood[0]?.point.lat).toBeLessThan(37.81);
  });

  it('finds numbered streets and answers nothing for a name that is not there', () => {
    expect(searchPlaceNames(features, '7th').map((match) => match.name)).toContain('7th Street');
    expect(searchPlaceNames(features, 'Champs-Élysées')).toEqual([]);
  });
});
