import type { MapImage } from './images';
import type { MapLibreMap } from './maplibre';

/** The part of MapLibre's map that symbol images need. */
type ImageHost = Pick<MapLibreMap, 'setMissingStyleImageResolver' | 'hasImage' | 'addImage'>;

/**
 * Draws a symbol image the first time a layer asks the map for it (MapLibre's missing-image
 * resolver, awaited before the tile is built, so the first frame already has it) and adds it to
 * the map for good: each distinct symbol is drawn once however many features show it, and
 * 10,000 units share a few dozen images. A name `draw` does not know is remembered and never
 * tried again (MapLibre then reports it missing). Returns the function that stops resolving.
 */
export function provideSymbolImages(map: ImageHost, draw: (name: string) => MapImage | null): () => void {
  const unknown = new Set<string>();
  map.setMissingStyleImageResolver((id) => {
    if (unknown.has(id) || map.hasImage(id)) return;
    const image = draw(id);
    if (!image) {
      unknown.add(id);
      return;
    }
    map.addImage(id, { width: image.width, height: image.height, data: image.data }, { pixelRatio: image.pixelRatio });
  });
  return () => {
    map.setMissingStyleImageResolver(null);
  };
}
