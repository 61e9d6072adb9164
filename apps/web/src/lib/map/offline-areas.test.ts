import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { OFFLINE_MAP_CACHE, deleteOfflineArea, listOfflineAreas, offlineBasemaps, saveOfflineArea } from './offline-areas';
import type { Box } from './offline-tiles';

/** Cache Storage as the browser keeps it, in memory: Node has none. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async put(url: string, response: Response) {
    this.entries.set(url, response);
  }
  async delete(url: string) {
    return this.entries.delete(url);
  }
}

const ORIGIN = 'https://argus.example';
const BOX: Box = [-122.302, 37.806, -122.298, 37.809];
const ZOOMS = { from: 13, to: 14 };

const basemap = {
  id: 'b1',
  name: 'West Oakland',
  kind: 'file',
  format: 'mbtiles',
  tileType: 'vector',
  minZoom: 0,
  maxZoom: 14,
  isDefault: true,
  tileUrl: '/basemaps/b1/tiles/{z}/{x}/{y}',
  sourceUrl: null,
} as unknown as Basemap;

let cache: MemoryCache;
let tileBytes: number;
/** Tiles the archive has no data for. */
let empty: Set<string>;

beforeEach(() => {
  cache = new MemoryCache();
  tileBytes = 1000;
  empty = new Set();
  const store = new Map<string, string>();
  vi.stubGlobal('caches', { open: async (name: string) => (name === OFFLINE_MAP_CACHE ? cache : new MemoryCache()) });
  vi.stubGlobal('window', Object.assign(new EventTarget(), { caches: true }));
  vi.stubGlobal('location', { origin: ORIGIN });
  vi.stubGlobal('document', { baseURI: `${ORIGIN}/fieldunit` });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      empty.has(url)
        ? new Response(null, { status: 204 })
        : new Response(new Uint8Array(tileBytes), { headers: { 'content-type': 'application/x-protobuf' } }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const save = (label: string, box = BOX, onProgress: (done: number) => void = () => {}) =>
  saveOfflineArea({ label, basemap, box, zooms: ZOOMS, onProgress });

describe('map areas saved on the phone', () => {
  it('keeps every tile of the area under its own address, skips tiles the archive lacks, and lists the area', async () => {
    // The archive has no data in this one (it answers 204).
    empty.add(`${ORIGIN}/basemaps/b1/tiles/13/1312/3165`);
    const progress: number[] = [];
    const area = await save('Around INC-1', BOX, (done) => progress.push(done));
    const urls = [...cache.entries.keys()];
    expect(urls.length).toBeGreaterThan(1);
    expect(urls.every((url) => /^https:\/\/argus\.example\/basemaps\/b1\/tiles\/1[34]\/\d+\/\d+$/.test(url))).toBe(true);
    expect(urls).not.toContain(`${ORIGIN}/basemaps/b1/tiles/13/1312/3165`);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toContain(`${ORIGIN}/basemaps/b1/tiles/13/1312/3165`);
    expect(area).toMatchObject({ label: 'Around INC-1', tiles: urls.length, bytes: urls.length * 1000 });
    expect(progress.at(-1)).toBe(progress.length);
    expect(listOfflineAreas().map((saved) => saved.id)).toEqual([area.id]);
    expect(offlineBasemaps().map((saved) => saved.id)).toEqual(['b1']);
    expect(await cache.entries.get(urls[0]!)!.arrayBuffer()).toHaveProperty('byteLength', 1000);
  });

  it('refuses an area past 50 MB and keeps nothing of it', async () => {
    tileBytes = 20 * 1024 * 1024;
    await expect(save('Too big')).rejects.toThrow('This area is larger than 50.0 MB: choose a smaller one.');
    expect(cache.entries.size).toBe(0);
    expect(listOfflineAreas()).toEqual([]);
  });

  it('deleting an area keeps the tiles another saved area still uses', async () => {
    const first = await save('First');
    const wider: Box = [BOX[0] - 0.05, BOX[1], BOX[2], BOX[3]];
    const second = await save('Second', wider);
    const secondUrls = new Set(second.urls);
    expect(first.urls.every((url) => secondUrls.has(url))).toBe(true);
    await deleteOfflineArea(first.id);
    expect(cache.entries.size).toBe(second.urls.length);
    await deleteOfflineArea(second.id);
    expect(cache.entries.size).toBe(0);
    expect(listOfflineAreas()).toEqual([]);
  });
});
