import type { LayerSpecification } from 'maplibre-gl';
import { HAS_NAME, fill, label, line, type LayerTarget } from './layer-kit';
import { STREET_COLOURS as C } from './street-colours';

/**
 * For a vector archive in a schema Argus does not know: every tile layer's polygons, lines and
 * points drawn dimly, and any `name` as a label, so that an administrator's own extract still shows
 * something to dispatch on. `tileLayers` are the layer names read from one of its tiles
 * (vector-layer-names.ts).
 */
export function genericLayers(target: LayerTarget, tileLayers: readonly string[]): LayerSpecification[] {
  return tileLayers.flatMap((layer): LayerSpecification[] => [
    fill(target, `${layer}-area`, layer, C.residential, ['==', ['geometry-type'], 'Polygon'], C.buildingOutline),
    line(target, `${layer}-line`, layer, { 'line-color': C.generic, 'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 18, 3] }, [
      '==',
      ['geometry-type'],
      'LineString',
    ]),
    {
      id: `${target.prefix}${layer}-point`,
      type: 'circle',
      source: target.source,
      'source-layer': layer,
      filter: ['all', ['==', ['geometry-type'], 'Point'], ['!', HAS_NAME]],
      minzoom: 14,
      paint: { 'circle-radius': 2, 'circle-color': C.generic },
    },
    label(target, `${layer}-name`, layer, {
      filter: HAS_NAME,
      size: 11,
      colour: C.streetLabel,
    }),
  ]);
}
