import type { Basemap } from '@argus/contracts/http/basemaps';
import { absoluteUrl, type BasemapContent } from './content';

const attributionOf = (basemap: Basemap) => (basemap.attribution ? { attribution: basemap.attribution } : {});
const boundsOf = (basemap: Basemap) => (basemap.bounds ? { bounds: basemap.bounds } : {});

/**
 * Raster tiles (an uploaded PNG/JPEG/WebP archive or an online XYZ template) as one raster layer.
 * MapLibre overzooms beyond `maxzoom` instead of asking for tiles that do not exist.
 */
export function rasterContent(basemap: Basemap, prefix: string): BasemapContent {
  const source = `${prefix}tiles`;
  return {
    sources: {
      [source]: {
        type: 'raster',
        tiles: [basemap.tileUrl ?? basemap.sourceUrl ?? ''],
        tileSize: 256,
        minzoom: basemap.minZoom,
        maxzoom: basemap.maxZoom,
        ...boundsOf(basemap),
        ...attributionOf(basemap),
      },
    },
    layers: [{ id: `${prefix}raster`, type: 'raster', source }],
  };
}

/** An online TileJSON raster source: MapLibre reads the document itself through `url`. */
export function rasterTileJsonContent(basemap: Basemap, prefix: string): BasemapContent {
  const source = `${prefix}tiles`;
  return {
    sources: { [source]: { type: 'raster', url: basemap.sourceUrl ?? '', tileSize: 256, ...attributionOf(basemap) } },
    layers: [{ id: `${prefix}raster`, type: 'raster', source }],
  };
}

/** The tile source of a vector basemap: Argus's own tile URL for a file, the TileJSON document online. */
export function vectorSource(basemap: Basemap): BasemapContent['sources'][string] {
  if (basemap.kind === 'online') return { type: 'vector', url: basemap.sourceUrl ?? '', ...attributionOf(basemap) };
  return {
    type: 'vector',
    tiles: [absoluteUrl(basemap.tileUrl ?? '', document.baseURI)],
    minzoom: basemap.minZoom,
    maxzoom: basemap.maxZoom,
    ...boundsOf(basemap),
    ...attributionOf(basemap),
  };
}
