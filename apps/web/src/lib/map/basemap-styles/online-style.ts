import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { FONT_BOLD, FONT_REGULAR } from '../fonts';
import { absoluteUrl, type BasemapContent } from './content';

/**
 * An online MapLibre style taken apart so it can sit under Argus's overlays on Argus's map: its
 * sources and layers are kept, renamed under the basemap's prefix so they never meet Argus's own
 * ids. What is not kept (docs/decisions/0032-basemap-styles-and-switching.md):
 * - its `glyphs`: a map has one glyph source, and Argus's is the bundled Noto Sans through
 *   `font-faces`, so every text-font is replaced by Noto Sans (bold where the style asked for bold);
 *   the style's own typefaces are not fetched.
 * - its `sprite`: a map has one sprite list and Argus draws its own images; icons the style names
 *   are therefore missing and left out by MapLibre, while lines, fills and labels are drawn.
 * - its light, sky, terrain, projection and centre: the operational map keeps its own.
 */
export function adoptOnlineStyle(style: StyleSpecification, styleUrl: string, prefix: string): BasemapContent {
  const sources: Record<string, SourceSpecification> = {};
  for (const [id, source] of Object.entries(style.sources ?? {})) sources[`${prefix}${id}`] = absoluteSource(source, styleUrl);
  const layers = (style.layers ?? []).map((layer) => adoptLayer(layer, prefix));
  return { sources, layers };
}

function adoptLayer(layer: LayerSpecification, prefix: string): LayerSpecification {
  const adopted = { ...layer, id: `${prefix}${layer.id}` } as LayerSpecification & { source?: string };
  if ('source' in layer && typeof layer.source === 'string') adopted.source = `${prefix}${layer.source}`;
  if (layer.type === 'symbol' && layer.layout?.['text-font'] !== undefined) {
    const bold = JSON.stringify(layer.layout['text-font']).toLowerCase().includes('bold');
    adopted.layout = { ...layer.layout, 'text-font': bold ? FONT_BOLD : FONT_REGULAR } as typeof layer.layout;
  }
  return adopted;
}

/** Relative TileJSON and tile addresses in a style are relative to the style's own address. */
function absoluteSource(source: SourceSpecification, base: string): SourceSpecification {
  const resolved = { ...source } as SourceSpecification & { url?: string; tiles?: string[] };
  if (typeof resolved.url === 'string') resolved.url = absoluteUrl(resolved.url, base);
  if (Array.isArray(resolved.tiles)) resolved.tiles = resolved.tiles.map((tile) => absoluteUrl(tile, base));
  return resolved;
}

/** Fetches a style document, with a message that names what went wrong. */
export async function fetchOnlineStyle(url: string, signal?: AbortSignal): Promise<StyleSpecification> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`The map style at ${url} answered ${response.status}.`);
  const style = (await response.json()) as Partial<StyleSpecification>;
  if (style.version !== 8 || !Array.isArray(style.layers) || typeof style.sources !== 'object')
    throw new Error(`The document at ${url} is not a MapLibre style (version 8 with sources and layers).`);
  return style as StyleSpecification;
}
