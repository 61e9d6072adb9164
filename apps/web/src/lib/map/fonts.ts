/**
 * Font stacks for `text-font` in overlay layers. The basemap style maps each name to a bundled
 * Noto Sans file through MapLibre's `font-faces`, so labels need no glyphs URL and no network.
 * Kept apart from basemap.ts so overlays can name fonts without pulling in the basemap data.
 */
export const FONT_REGULAR = ['Noto Sans Regular'];
export const FONT_BOLD = ['Noto Sans Bold'];
