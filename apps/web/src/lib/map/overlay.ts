import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  FillLayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';

/**
 * What a page hands the operational map. Vocabulary:
 * - source: one GeoJSON source inside MapLibre holding one kind of thing (units, incidents, …);
 *   the map updates it with `setData`, at most twice a second however often the data changes.
 * - layer: one MapLibre style layer that draws a source (a circle, a symbol, a label); layers
 *   never change after they are added, only their source's data does.
 * - overlay: a source together with the layers that draw it and how its features are picked,
 *   built by the functions in `overlays/` from contract-shaped data. Overlays are the unit of
 *   reuse: the command dashboard, the analyst console and the field unit page each pass the
 *   overlays they need, in drawing order (first is drawn lowest).
 * - basemap: what lies under every overlay, built offline in the browser (see basemap.ts).
 */

/** A style layer of an overlay; the map fills in `source` with the overlay's id. */
export type OverlayLayer =
  | Omit<CircleLayerSpecification, 'source'>
  | Omit<SymbolLayerSpecification, 'source'>
  | Omit<FillLayerSpecification, 'source'>
  | Omit<LineLayerSpecification, 'source'>;

/** Properties every overlay feature carries so a pick can name what was picked. */
export interface OverlayFeatureProperties {
  /** The entity's id (unit id, incident id, …). */
  id: string;
  [key: string]: unknown;
}

export type OverlayFeature = Feature<Point, OverlayFeatureProperties>;
/** Overlays are mostly points; area overlays (zones, an import's preview) draw lines and polygons. */
export type OverlayGeometry = Point | LineString | MultiLineString | Polygon | MultiPolygon;
export type OverlayData = FeatureCollection<OverlayGeometry, OverlayFeatureProperties>;

export interface OverlayCluster {
  /** Pixels within which points merge into one cluster. */
  radius: number;
  /** Above this zoom every point is drawn on its own. */
  maxZoom: number;
  /** Aggregates computed per cluster (MapLibre `clusterProperties`): name → [reduce, map]. */
  properties?: Record<string, [ExpressionSpecification | string, ExpressionSpecification]>;
}

export interface MapOverlay {
  /** Unique on one map: names the source and prefixes the ids of its layers. */
  id: string;
  data: OverlayData;
  /** Drawing order within the overlay: first is lowest. Ids are local (the map prefixes them). */
  layers: readonly OverlayLayer[];
  cluster?: OverlayCluster;
  /** Layer ids (local) whose features a click or tap picks; clusters zoom in instead. */
  pickable?: readonly string[];
  /** false: a background overlay (zones on the command map) that the first view is not fitted to. */
  fit?: boolean;
  /**
   * Layers put just under a layer of another overlay, where that layer is on the map: local id →
   * the other layer's global id. MapLibre places labels from the topmost layer down, so a label
   * that must keep clear of another overlay's symbols has to sit under them
   * (docs/decisions/0030-unit-symbols.md).
   */
  under?: Readonly<Record<string, string>>;
}

/** What a click or tap on the map chose: always a place, and the topmost overlay feature there if any. */
export interface MapPick {
  location: { lat: number; lon: number };
  feature: { overlayId: string; id: string; properties: OverlayFeatureProperties } | null;
}

/** A camera move the page asks for (select an incident → fly to it); a new `key` moves again. */
export interface MapFocus {
  location: { lat: number; lon: number };
  zoom?: number;
  key: string | number;
}

/** A point feature for an overlay (GeoJSON order: longitude first). */
export function pointFeature(lat: number, lon: number, properties: OverlayFeatureProperties): OverlayFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

export function featureCollection(features: OverlayFeature[]): OverlayData {
  return { type: 'FeatureCollection', features };
}
