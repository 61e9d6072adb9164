import type { JSHandle, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The part of a MapLibre map the tests read: what its sources hold, its layers, when it is idle. */
export interface LiveMap {
  getSource(
    id: string,
  ):
    | { getData(): Promise<{ features: Array<{ geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }> }> }
    | undefined;
  getStyle(): { layers: Array<{ id: string; type: string }> };
  listImages(): string[];
  queryRenderedFeatures(options: { layers: string[] }): Array<{ layer: { id: string; type: string }; properties: Record<string, unknown> }>;
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  /** Where a place is on the map's canvas, in CSS pixels from its top left. */
  project(lngLat: [number, number]): { x: number; y: number };
  once(event: 'idle', handler: () => void): void;
  triggerRepaint(): void;
}

/**
 * The MapLibre map of the first operational map on the page (or inside the element `within`
 * selects), or undefined before it has loaded.
 *
 * The map draws on a canvas, so what its sources hold cannot be read from the DOM, and the
 * product keeps no test hook on its element. The map engine holds the instance in its React
 * state (`{ map, sync }`); this finds it from the map's element through React's fiber, the same
 * route React's developer tools take. That ties these tests to React's fiber layout and to the
 * engine's state, not the product to its tests.
 */
export function liveMap(page: Page, within?: string): Promise<JSHandle<LiveMap | undefined>> {
  return page.evaluateHandle((scope) => {
    type Hook = { memoizedState: unknown; next: Hook | null } | null;
    type Fiber = { memoizedState: unknown; return: Fiber | null; alternate: Fiber | null } | null;
    const host = document.querySelector(scope ? `${scope} [data-operational-map]` : '[data-operational-map]');
    const key = host ? Object.keys(host).find((name) => name.startsWith('__reactFiber$')) : undefined;
    for (let fiber = key ? ((host as unknown as Record<string, Fiber>)[key] ?? null) : null; fiber; fiber = fiber.return) {
      // The element keeps the fiber it was created with; after re-renders the component's
      // current state may be on its alternate, so both are read.
      for (const version of [fiber, fiber.alternate]) {
        // A function component's memoizedState is its first hook; the others follow through `next`.
        for (let hook = version?.memoizedState as Hook; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
          const state = hook.memoizedState as { map?: { getSource?: unknown } } | null;
          if (state && typeof state === 'object' && state.map && typeof state.map.getSource === 'function')
            return state.map as unknown as LiveMap;
        }
      }
    }
    return undefined;
  }, within);
}

type Features = Awaited<ReturnType<NonNullable<ReturnType<LiveMap['getSource']>>['getData']>>['features'];

/** The features a source of the page's map holds (none while the source does not exist); throws until the map has loaded. */
export async function sourceFeatures(page: Page, source: string): Promise<Features> {
  const map = await liveMap(page);
  try {
    return await map.evaluate(async (live, id) => {
      // Thrown rather than answered empty, so "not on the map" can never pass for want of a map.
      if (!live) throw new Error('The page has no loaded map.');
      return (await live.getSource(id)?.getData())?.features ?? [];
    }, source);
  } finally {
    await map.dispose();
  }
}

/** The ids of the layers of the page's map, lowest first; throws until the map has loaded. */
export async function layerIds(page: Page): Promise<string[]> {
  const map = await liveMap(page);
  try {
    return await map.evaluate((live) => {
      if (!live) throw new Error('The page has no loaded map.');
      return live.getStyle().layers.map((layer) => layer.id);
    });
  } finally {
    await map.dispose();
  }
}

/** The names of the images the page's map holds (symbols drawn so far); throws until the map has loaded. */
export async function imageIds(page: Page): Promise<string[]> {
  const map = await liveMap(page);
  try {
    return await map.evaluate((live) => {
      if (!live) throw new Error('The page has no loaded map.');
      return live.listImages();
    });
  } finally {
    await map.dispose();
  }
}

/** The map has started and drawn its basemap (a cold start in headless Chromium takes seconds). */
export async function mapReady(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-operational-map]').first().getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
}

/** Resolves once the map has drawn everything it was given (MapLibre's `idle`), or after 5 s. */
export async function mapSettled(page: Page): Promise<void> {
  const map = await liveMap(page);
  try {
    await map.evaluate(
      (live) =>
        new Promise<void>((resolve) => {
          if (!live) return resolve();
          setTimeout(resolve, 5000);
          live.once('idle', () => resolve());
          live.triggerRepaint();
        }),
    );
  } finally {
    await map.dispose();
  }
}

/**
 * What the map draws in the view now from the given layers (those of them that exist): each
 * feature's layer id and properties. A source's data says what the map was given; this says what it
 * drew, after filters, placement and the view.
 */
export async function renderedFeatures(
  page: Page,
  layers: string[],
): Promise<Array<{ layer: string; properties: Record<string, unknown> }>> {
  const map = await liveMap(page);
  try {
    return await map.evaluate((live, wanted) => {
      if (!live) throw new Error('The page has no loaded map.');
      const present = new Set(live.getStyle().layers.map((layer) => layer.id));
      const existing = wanted.filter((id) => present.has(id));
      if (existing.length === 0) return [];
      return live
        .queryRenderedFeatures({ layers: existing })
        .map((feature) => ({ layer: feature.layer.id, properties: feature.properties }));
    }, layers);
  } finally {
    await map.dispose();
  }
}

/** Ids of the street basemap's layers all start with this (apps/web/src/lib/map/basemap-styles/content.ts). */
const STREET_PREFIX = 'street:';

/** What the street basemap draws in the view now: how many line features, and the names on its labels. */
export async function renderedBasemap(page: Page): Promise<{ lines: number; names: string[] }> {
  const map = await liveMap(page);
  try {
    return await map.evaluate((live, prefix) => {
      if (!live) throw new Error('The page has no loaded map.');
      const layers = live
        .getStyle()
        .layers.filter((layer) => layer.id.startsWith(prefix))
        .map((layer) => layer.id);
      if (layers.length === 0) return { lines: 0, names: [] };
      const features = live.queryRenderedFeatures({ layers });
      // tilemaker's OpenMapTiles profile writes name:latin where other tools write name.
      const nameOf = (properties: Record<string, unknown>) =>
        String(properties.name ?? properties['name:latin'] ?? properties.name_en ?? '');
      const names = features.filter((feature) => feature.layer.type === 'symbol').map((feature) => nameOf(feature.properties));
      return {
        lines: features.filter((feature) => feature.layer.type === 'line').length,
        names: [...new Set(names)].filter(Boolean).sort(),
      };
    }, STREET_PREFIX);
  } finally {
    await map.dispose();
  }
}

/** The centre and zoom of the page's map; throws until the map has loaded. */
export async function mapView(page: Page): Promise<{ lat: number; lon: number; zoom: number }> {
  const map = await liveMap(page);
  try {
    return await map.evaluate((live) => {
      if (!live) throw new Error('The page has no loaded map.');
      const centre = live.getCenter();
      return { lat: centre.lat, lon: centre.lng, zoom: live.getZoom() };
    });
  } finally {
    await map.dispose();
  }
}

/** Clicks the map at a place: where `lat`/`lon` is on the canvas of the page's operational map. */
export async function clickMapAt(page: Page, place: { lat: number; lon: number }): Promise<void> {
  const map = await liveMap(page);
  const point = await map.evaluate((live, at) => {
    if (!live) throw new Error('The page has no loaded map.');
    return live.project([at.lon, at.lat]);
  }, place);
  // A mouse acts where the viewport is: the map must be on screen first (on a phone it may be far down the page).
  const canvas = page.locator('[data-operational-map] canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The map has no canvas on screen.');
  await page.mouse.click(box.x + point.x, box.y + point.y);
}
