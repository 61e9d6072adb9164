/** Zones (docs/decisions/0011-what-each-page-does.md, docs/decisions/0012-core-entities.md, docs/decisions/0013-threat-rules-engine.md): areas on the map the threat engine watches. */
export const ZONE_KINDS = ['ungoverned', 'restricted', 'patrol', 'safe'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** Ordered from least to most dangerous: geofence rules fire "at or above" a level. */
export const RISK_LEVELS = ['low', 'elevated', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}

/** The most vertices one zone may have: enough for a detailed border, small enough to test fast. */
export const ZONE_MAX_VERTICES = 20_000;

/** Zone import limits: the uploaded file, and what a zip may unpack to (a zip bomb is refused before inflating). */
export const ZONE_IMPORT_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxUnzippedBytes: 64 * 1024 * 1024,
  maxZipEntries: 200,
  maxFeatures: 5_000,
  /** How long a preview is kept on the server for its commit. */
  previewTtlMs: 30 * 60_000,
} as const;

/** Formats a zone import reads, sniffed from the file's content. */
export const ZONE_IMPORT_FORMATS = ['geojson', 'kml', 'kmz', 'gpx', 'shapefile'] as const;
export type ZoneImportFormat = (typeof ZONE_IMPORT_FORMATS)[number];

/** What can be wrong with an imported feature's geometry. */
export const GEOMETRY_PROBLEMS = [
  'not_polygon',
  'unclosed_ring',
  'self_intersection',
  'out_of_range',
  'empty',
  'too_many_vertices',
  'too_few_points',
] as const;

/** Repairs made only where the shape the author meant is beyond doubt. */
export const GEOMETRY_REPAIRS = [
  'closed_ring',
  'fixed_winding',
  'dropped_duplicate_points',
  'collection_to_multipolygon',
  'closed_track_to_polygon',
] as const;
