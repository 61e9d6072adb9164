import type { SymbolLayerSpecification } from 'maplibre-gl';
import { FONT_BOLD } from '../fonts';

/**
 * How overlays name their features on the map: the feature's `label` in bold 12 px, above or below
 * its symbol by `offsetEm`, drawn even where labels collide: a callsign that vanished when the map
 * got busy would hide who is where.
 */
export function labelLayout(anchor: 'top' | 'bottom', offsetEm: number): SymbolLayerSpecification['layout'] {
  return {
    'text-field': ['get', 'label'],
    'text-font': FONT_BOLD,
    'text-size': 12,
    'text-anchor': anchor,
    'text-offset': [0, offsetEm],
    'text-allow-overlap': true,
  };
}
