import { describe, expect, it } from 'vitest';
import { boxAround, estimateBytes, formatBytes, tileCounts, tilesOf, tileUrl, zoomsToSave } from './offline-tiles';

describe('offline map area tiles', () => {
  it('counts the tiles of a box per zoom, four times as many one zoom deeper', () => {
    const box = boxAround({ lat: 37.8076, lon: -122.3004 }, 1000);
    const counts = tileCounts(box, { from: 10, to: 16 });
    expect(counts.map((row) => row.z)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(counts[0]!.count).toBeGreaterThanOrEqual(1);
    // 2 km across at zoom 16 (a tile is about 480 m here): 5 or 6 tiles each way.
    expect(counts[6]!.count).toBeGreaterThanOrEqual(25);
    expect(counts[6]!.count).toBeLessThanOrEqual(36);
    expect([...tilesOf(box, { from: 10, to: 16 })]).toHaveLength(counts.reduce((sum, row) => sum + row.count, 0));
  });

  it('lists each tile once, shallowest first', () => {
    const tiles = [...tilesOf([-122.31, 37.8, -122.29, 37.81], { from: 12, to: 14 })];
    expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(tiles.length);
    expect(tiles[0]!.z).toBe(12);
    expect(tiles.at(-1)!.z).toBe(14);
  });

  it('saves district to street zooms within what the basemap has', () => {
    expect(zoomsToSave({ minZoom: 0, maxZoom: 14 })).toEqual({ from: 10, to: 14 });
    expect(zoomsToSave({ minZoom: 0, maxZoom: 19 })).toEqual({ from: 10, to: 16 });
    expect(zoomsToSave({ minZoom: 12, maxZoom: 19 })).toEqual({ from: 12, to: 16 });
    expect(zoomsToSave({ minZoom: 0, maxZoom: 8 })).toEqual({ from: 8, to: 8 });
  });

  it('fills tile templates, TMS rows flipped', () => {
    expect(tileUrl('/basemaps/b1/tiles/{z}/{x}/{y}', { z: 14, x: 2621, y: 6331 })).toBe('/basemaps/b1/tiles/14/2621/6331');
    expect(tileUrl('https://t.example/{z}/{x}/{-y}.png', { z: 2, x: 1, y: 0 })).toBe('https://t.example/2/1/3.png');
  });

  it('estimates and formats sizes', () => {
    expect(estimateBytes(10, 'vector')).toBe(10 * 40 * 1024);
    expect(estimateBytes(10, 'vector', 5000)).toBe(50_000);
    expect(estimateBytes(10, 'raster', 12)).toBe(10 * 1024);
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5.5 * 1024 * 1024)).toBe('5.5 MB');
  });
});
