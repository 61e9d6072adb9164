import type { Basemap } from '@argus/contracts/http/basemaps';
import { absoluteUrl } from './basemap-styles/content';
import { OFFLINE_AREA_MAX_BYTES, formatBytes, tilesOf, tileUrl, type Box } from './offline-tiles';
import { pointToTile } from '@mapbox/tilebelt';

/**
 * Map areas saved on this phone (docs/decisions/0048-offline-map-area.md). The tiles, and the
 * TileJSON or style documents an online basemap needs, sit in one Cache Storage cache under their
 * own addresses; the service worker answers those addresses from it first, so every map draws them
 * with no signal. The list of areas (small) is kept in localStorage so a map can read it at once.
 */
export const OFFLINE_MAP_CACHE = 'argus-offline-map';
const INDEX_KEY = 'argus.offline-areas';
/** Tiles fetched at once: enough to fill a slow link, few enough not to starve the page's own requests. */
const PARALLEL = 6;

export interface OfflineArea {
  id: string;
  label: string;
  /** The basemap as it was when saved: an offline reload draws it without asking the server. */
  basemap: Basemap;
  box: Box;
  zooms: { from: number; to: number };
  tiles: number;
  bytes: number;
  savedAt: number;
  /** Every address this area put in the cache, so deleting it removes exactly what no other area uses. */
  urls: string[];
  /** The area command sent, when this is one (docs/decisions/0057-offline-areas-sent-by-command.md): the phone keeps it until command withdraws it. */
  sentId?: string;
  /** The unit it was sent to: a crew member of several units keeps each unit's areas. */
  sentToUnit?: string;
}

export function listOfflineAreas(storage: Pick<Storage, 'getItem'> = localStorage): OfflineArea[] {
  try {
    const stored = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as OfflineArea[]) : [];
  } catch {
    return [];
  }
}

function writeIndex(areas: readonly OfflineArea[]) {
  localStorage.setItem(INDEX_KEY, JSON.stringify(areas));
  window.dispatchEvent(new Event(AREAS_CHANGED));
}

/** Fired on window whenever the list changes. */
export const AREAS_CHANGED = 'argus:offline-areas';

/** The basemaps of the saved areas: what a map can still draw when the basemap list cannot be fetched. */
export function offlineBasemaps(): Basemap[] {
  const seen = new Map<string, Basemap>();
  for (const area of listOfflineAreas()) seen.set(area.basemap.id, area.basemap);
  return [...seen.values()];
}

export class OfflineAreaError extends Error {}
/** The area turned out larger than a phone keeps: trying again would only fetch it all again. */
export class OfflineAreaTooBigError extends OfflineAreaError {}

export interface SaveRequest {
  label: string;
  basemap: Basemap;
  box: Box;
  zooms: { from: number; to: number };
  onProgress: (done: number, total: number, bytes: number) => void;
  signal?: AbortSignal;
  sent?: { id: string; unitId: string };
}

/** Downloads every tile of the area into the cache; refused, and nothing kept, past the size cap. */
export async function saveOfflineArea({ label, basemap, box, zooms, onProgress, signal, sent }: SaveRequest): Promise<OfflineArea> {
  if (!('caches' in window)) throw new OfflineAreaError('This browser cannot keep map areas (no Cache Storage).');
  const cache = await caches.open(OFFLINE_MAP_CACHE);
  const urls: string[] = [];
  const keep = async (url: string, body: ArrayBuffer, type: string | null) => {
    // Stored without Vary or encoding headers: the body is already decoded, and a tile must match
    // whatever headers the map's worker sends.
    await cache.put(url, new Response(body, { status: 200, headers: type ? { 'content-type': type } : {} }));
    urls.push(url);
  };
  try {
    const templates = await tileTemplates(basemap, keep, signal);
    const all = templates.flatMap((template) => [...tilesOf(box, zooms)].map((tile) => tileUrl(template, tile)));
    let done = 0;
    let bytes = 0;
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const url = all[next++]!;
        const response = await fetch(url, { signal, credentials: url.startsWith(location.origin) ? 'same-origin' : 'omit' });
        // An archive has no tile where it has no data (204 or 404): nothing to keep there.
        if (response.status === 200) {
          const body = await response.arrayBuffer();
          bytes += body.byteLength;
          if (bytes > OFFLINE_AREA_MAX_BYTES)
            throw new OfflineAreaTooBigError(`This area is larger than ${formatBytes(OFFLINE_AREA_MAX_BYTES)}: choose a smaller one.`);
          await keep(url, body, response.headers.get('content-type'));
        } else if (response.status !== 204 && response.status !== 404) {
          throw new OfflineAreaError(`The map server answered ${response.status} for a tile; try again with a signal.`);
        }
        onProgress(++done, all.length, bytes);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, all.length) }, worker));
    const area: OfflineArea = {
      id: crypto.randomUUID(),
      label,
      basemap,
      box,
      zooms,
      tiles: urls.length,
      bytes,
      savedAt: Date.now(),
      urls,
      ...(sent ? { sentId: sent.id, sentToUnit: sent.unitId } : {}),
    };
    writeIndex([...listOfflineAreas(), area]);
    return area;
  } catch (error) {
    await forget(cache, urls, listOfflineAreas());
    if (error instanceof OfflineAreaError) throw error;
    if (signal?.aborted) throw new OfflineAreaError('Saving was stopped; nothing was kept.');
    throw new OfflineAreaError(`The area could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deleteOfflineArea(id: string): Promise<void> {
  const areas = listOfflineAreas();
  const area = areas.find((candidate) => candidate.id === id);
  const rest = areas.filter((candidate) => candidate.id !== id);
  writeIndex(rest);
  if (area && 'caches' in window) await forget(await caches.open(OFFLINE_MAP_CACHE), area.urls, rest);
}

/** Removes the addresses no remaining area still uses (areas may overlap). */
async function forget(cache: Cache, urls: readonly string[], remaining: readonly OfflineArea[]) {
  const used = new Set(remaining.flatMap((area) => area.urls));
  await Promise.all(urls.filter((url) => !used.has(url)).map((url) => cache.delete(url)));
}

type Keep = (url: string, body: ArrayBuffer, type: string | null) => Promise<void>;

/**
 * The tile address templates a basemap draws from. A TileJSON document or a style is fetched and
 * kept too, since the map reads it before any tile.
 */
async function tileTemplates(basemap: Basemap, keep: Keep, signal?: AbortSignal): Promise<string[]> {
  if (basemap.kind === 'file' || basemap.format === 'xyz')
    return [absoluteUrl(basemap.tileUrl ?? basemap.sourceUrl ?? '', document.baseURI)];
  const url = basemap.sourceUrl ?? '';
  if (basemap.format === 'tilejson') return tileJsonTemplates(url, keep, signal);
  const style = (await fetchJson(url, keep, signal)) as { sources?: Record<string, { url?: string; tiles?: string[] }> };
  const templates: string[] = [];
  for (const source of Object.values(style.sources ?? {})) {
    if (Array.isArray(source.tiles)) templates.push(...source.tiles.map((tile) => absoluteUrl(tile, url)));
    else if (typeof source.url === 'string') templates.push(...(await tileJsonTemplates(absoluteUrl(source.url, url), keep, signal)));
  }
  return templates;
}

async function tileJsonTemplates(url: string, keep: Keep, signal?: AbortSignal): Promise<string[]> {
  const document_ = (await fetchJson(url, keep, signal)) as { tiles?: string[] };
  return (document_.tiles ?? []).map((tile) => absoluteUrl(tile, url));
}

async function fetchJson(url: string, keep: Keep, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new OfflineAreaError(`The map source at ${url} answered ${response.status}.`);
  const body = await response.arrayBuffer();
  await keep(url, body, response.headers.get('content-type') ?? 'application/json');
  return JSON.parse(new TextDecoder().decode(body)) as unknown;
}

/**
 * The size of the basemap's tile at the middle of the box at `zoom`, for the estimate shown before
 * saving; null when it cannot be read (no signal, no tile there, a source whose tiles are only
 * known from a document).
 */
export async function sampleTileBytes(basemap: Basemap, box: Box, zoom: number, signal?: AbortSignal): Promise<number | null> {
  if (basemap.kind !== 'file' && basemap.format !== 'xyz') return null;
  const [x, y, z] = pointToTile((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, zoom);
  try {
    const url = tileUrl(absoluteUrl(basemap.tileUrl ?? basemap.sourceUrl ?? '', document.baseURI), { z, x, y });
    const response = await fetch(url, { signal, credentials: url.startsWith(location.origin) ? 'same-origin' : 'omit' });
    return response.status === 200 ? (await response.arrayBuffer()).byteLength : null;
  } catch {
    return null;
  }
}
