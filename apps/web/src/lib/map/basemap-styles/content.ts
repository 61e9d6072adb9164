import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';

/** What one basemap adds to the map: its sources and its layers, every id under its prefix. */
export interface BasemapContent {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
}

/** Every street basemap's ids start with this, so switching can find and remove all of them. */
export const STREET_PREFIX = 'street:';
export const streetPrefix = (basemapId: string) => `${STREET_PREFIX}${basemapId}:`;

/** An address made absolute (MapLibre's workers need that); the braces of {z}/{x}/{y} survive resolution only escaped, so they are restored. */
export const absoluteUrl = (url: string, base: string) => new URL(url, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
