import type { Basemap } from '@argus/contracts/http/basemaps';

/**
 * Which basemap a map draws (docs/decisions/0032-basemap-styles-and-switching.md): the user's
 * choice kept in this browser under one key, or the administrators' default, or the world outline
 * alone. A remembered basemap that has since been removed falls back to the default.
 */
export const BASEMAP_CHOICE_KEY = 'argus.map.basemap';
/** Stored when the user chose "World outline only". */
export const WORLD_OUTLINE_ONLY = 'none';

/** The basemaps in the administrators' order, then the built-in MAP_TILE_URL source if configured. */
export function basemapOptions(list: readonly Basemap[], configured: Basemap | null): Basemap[] {
  const ordered = [...list].sort((a, b) => a.order - b.order);
  return configured ? [...ordered, configured] : ordered;
}

/**
 * The administrators' default; without one, the configured MAP_TILE_URL source, which every map
 * drew before basemaps could be listed (docs/decisions/0029-basemaps-served-by-argus.md).
 */
export function defaultBasemap(options: readonly Basemap[]): Basemap | null {
  return options.find((basemap) => basemap.isDefault) ?? options.find((basemap) => basemap.id === CONFIGURED_BASEMAP_ID) ?? null;
}

export function chosenBasemap(options: readonly Basemap[], stored: string | null): Basemap | null {
  if (stored === WORLD_OUTLINE_ONLY) return null;
  return options.find((basemap) => basemap.id === stored) ?? defaultBasemap(options);
}

export function readBasemapChoice(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    return storage.getItem(BASEMAP_CHOICE_KEY);
  } catch {
    // Storage refused (private mode, a policy): the default is used.
    return null;
  }
}

export function writeBasemapChoice(id: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(BASEMAP_CHOICE_KEY, id);
  } catch {
    // Not remembered, but still switched for this map.
  }
}

/** The id of the built-in source made from MAP_TILE_URL (map-config.ts); never an id the server gives. */
export const CONFIGURED_BASEMAP_ID = 'configured-tiles';
