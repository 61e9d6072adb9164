import { basemapTileUrl, type Basemap } from '@argus/contracts/http/basemaps';
import type { BasemapRow } from './basemaps.repository';

/** A basemap row as the API shows it; where its file is stored stays on the server. */
export function presentBasemap(row: BasemapRow): Basemap {
  const tileUrl = row.kind === 'file' ? basemapTileUrl(row.id) : row.format === 'xyz' ? row.source_url : null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    format: row.format,
    tileType: row.tile_type,
    tileFormat: row.tile_format,
    vectorSchema: row.vector_schema,
    minZoom: row.min_zoom,
    maxZoom: row.max_zoom,
    bounds: row.bounds ? (JSON.parse(row.bounds) as [number, number, number, number]) : null,
    attribution: row.attribution,
    order: row.position,
    isDefault: row.is_default === 1,
    sizeBytes: row.size_bytes,
    filename: row.filename,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    tileUrl,
    sourceUrl: row.source_url,
  };
}
