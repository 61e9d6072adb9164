import type { SymbolLayerSpecification } from 'maplibre-gl';

/**
 * Font stacks for `text-font` in overlay layers. The basemap style maps each name to a bundled
 * Noto Sans file through MapLibre's `font-faces`, so labels need no glyphs URL and no network.
 * Kept apart from basemap.ts so overlays can name fonts without pulling in the basemap data; the
 * label layout overlays share lives here too, so it adds no chunk of its own to every map page.
 */
export const FONT_REGULAR = ['Noto Sans Regular'];
export const FONT_BOLD = ['Noto Sans Bold'];

/**
 * A feature's `label` in bold 12 px, pinned above or below its symbol by `offsetEm` and drawn even
 * where labels collide: a callsign that vanished when the map got busy would hide who is where. (The
 * units and incidents use label-layout.ts's labels instead, which move aside and may be hidden.)
 */
export function pinnedLabelLayout(anchor: 'top' | 'bottom', offsetEm: number): SymbolLayerSpecification['layout'] {
  return {
    'text-field': ['get', 'label'],
    'text-font': FONT_BOLD,
    'text-size': 12,
    'text-anchor': anchor,
    'text-offset': [0, offsetEm],
    'text-allow-overlap': true,
  };
}
