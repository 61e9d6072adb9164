import type { Basemap } from '@argus/contracts/http/basemaps';
import { WORLD_OUTLINE_TOP_LAYER } from './basemap';
import { basemapContent } from './basemap-styles';
import { STREET_PREFIX } from './basemap-styles/content';
import type { MapLibreMap } from './maplibre';

/**
 * The street basemap of one map, switched in place: the previous basemap's sources and layers are
 * removed and the new one's added just above the world outline and below the first overlay, so
 * the map is never recreated and overlays, camera and drawing tools stay as they are
 * (docs/decisions/0032-basemap-styles-and-switching.md).
 */
export class StreetBasemap {
  private generation = 0;
  private loading: AbortController | null = null;

  constructor(
    private readonly map: MapLibreMap,
    private readonly onFailure: (message: string | null) => void,
  ) {}

  async show(basemap: Basemap | null): Promise<void> {
    const generation = ++this.generation;
    this.loading?.abort();
    this.loading = null;
    this.clear();
    this.onFailure(null);
    if (!basemap) return;
    const loading = new AbortController();
    this.loading = loading;
    try {
      const content = await basemapContent(basemap, loading.signal);
      // A later switch won while this one was being read.
      if (generation !== this.generation) return;
      const below = this.firstLayerAbove();
      for (const [id, source] of Object.entries(content.sources)) this.map.addSource(id, source);
      for (const layer of content.layers) this.map.addLayer(layer, below);
    } catch (error) {
      if (generation !== this.generation) return;
      this.clear();
      this.onFailure(`The basemap "${basemap.name}" could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The ids of the street basemap's layers now on the map, lowest first. */
  layerIds(): string[] {
    return this.map
      .getStyle()
      .layers.map((layer) => layer.id)
      .filter((id) => id.startsWith(STREET_PREFIX));
  }

  dispose(): void {
    this.generation++;
    this.loading?.abort();
  }

  private clear(): void {
    for (const id of this.layerIds()) this.map.removeLayer(id);
    for (const id of Object.keys(this.map.getStyle().sources)) if (id.startsWith(STREET_PREFIX)) this.map.removeSource(id);
  }

  /** The first layer above the world outline that is not a street layer: the lowest overlay, if any. */
  private firstLayerAbove(): string | undefined {
    const layers = this.map.getStyle().layers;
    const outline = layers.findIndex((layer) => layer.id === WORLD_OUTLINE_TOP_LAYER);
    return layers.slice(outline + 1).find((layer) => !layer.id.startsWith(STREET_PREFIX))?.id;
  }
}
