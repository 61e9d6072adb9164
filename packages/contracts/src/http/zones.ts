import { z } from 'zod';
import { GEOMETRY_PROBLEMS, GEOMETRY_REPAIRS, RISK_LEVELS, ZONE_IMPORT_FORMATS, ZONE_KINDS } from '../zones';
import { Alert } from './alerts';
import { Timestamp } from './common';
import { BoundingBox, Incident, csv } from './incidents';
import { Report } from './reports';
import { multiLineText, singleLineText } from './text';

const Position = z.array(z.number()).min(2).max(3);
/** Shape only: rings, range, closure and self-intersection are checked on the server with messages per problem. */
export const PolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) });
export const MultiPolygonGeometry = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(Position))) });
export const ZoneGeometry = z.discriminatedUnion('type', [PolygonGeometry, MultiPolygonGeometry], {
  error: 'geometry must be a GeoJSON Polygon or MultiPolygon.',
});
export type ZoneGeometry = z.infer<typeof ZoneGeometry>;

const Kind = z.enum(ZONE_KINDS, { error: 'kind must be ungoverned, restricted, patrol or safe.' });
const Risk = z.enum(RISK_LEVELS, { error: 'riskLevel must be low, elevated, high or critical.' });
const Name = singleLineText().min(1, 'Enter a name.').max(200, 'The name is too long.');
const Notes = multiLineText().max(5_000, 'The notes are too long.');

export const Zone = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  riskLevel: z.enum(RISK_LEVELS),
  geometry: ZoneGeometry,
  /** [west, south, east, north] in degrees. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  notes: z.string(),
  active: z.boolean(),
  importId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Zone = z.infer<typeof Zone>;

export const CreateZoneRequest = z.object({ name: Name, kind: Kind, riskLevel: Risk, geometry: ZoneGeometry, notes: Notes.default('') });
export type CreateZoneRequest = z.infer<typeof CreateZoneRequest>;

/** Command changes any of these; an analyst sends riskLevel only. */
export const UpdateZoneRequest = z
  .object({ name: Name, kind: Kind, riskLevel: Risk, geometry: ZoneGeometry, notes: Notes, active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.');
export type UpdateZoneRequest = z.infer<typeof UpdateZoneRequest>;

export const ZoneParams = z.object({ id: singleLineText().min(1).max(100) });
export const ZoneResponse = z.object({ zone: Zone });

export const ZoneListQuery = z.object({
  risk: csv(RISK_LEVELS, 'risk level').optional(),
  kind: csv(ZONE_KINDS, 'zone kind').optional(),
  /** true (the default): active zones only; false: deactivated only; all: both. */
  active: z.enum(['true', 'false', 'all'], { error: 'active must be true, false or all.' }).default('true'),
  /** Zones whose bounding box meets this one ("south,west,north,east"). */
  bbox: BoundingBox.optional(),
});
export type ZoneListQuery = z.infer<typeof ZoneListQuery>;
export const ZoneListResponse = z.object({ zones: z.array(Zone) });

/** A rule that watches a zone, by naming it or by its risk level and kind. */
export const WatchingRule = z.object({ id: z.string(), name: z.string(), kind: z.string(), enabled: z.boolean(), why: z.string() });
export const ZoneDetailResponse = z.object({
  zone: Zone,
  incidents: z.array(Incident),
  reports: z.array(Report),
  alerts: z.array(Alert),
  rules: z.array(WatchingRule),
});
export type ZoneDetailResponse = z.infer<typeof ZoneDetailResponse>;

// ---- import ----

/** Any GeoJSON geometry as found in the file (lines and points too), for the preview map. */
export const AnyGeometry = z.object({ type: z.string() }).catchall(z.unknown());
export type AnyGeometry = z.infer<typeof AnyGeometry>;

export const FeatureProblem = z.object({
  code: z.enum(GEOMETRY_PROBLEMS),
  message: z.string(),
  /** Where the problem is, [longitude, latitude], when it is at one place (a crossing): the preview map marks it. */
  at: z.tuple([z.number(), z.number()]).optional(),
});
export type FeatureProblem = z.infer<typeof FeatureProblem>;
export const FeatureRepair = z.object({ code: z.enum(GEOMETRY_REPAIRS), message: z.string() });
export type FeatureRepair = z.infer<typeof FeatureRepair>;

export const AttributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const PreviewFeature = z.object({
  index: z.number().int().nonnegative(),
  geometry: AnyGeometry.nullable(),
  properties: z.record(z.string(), AttributeValue),
  problems: z.array(FeatureProblem),
  repairs: z.array(FeatureRepair),
  /** The geometry to import: as found, or repaired; null when it cannot be imported. */
  importable: ZoneGeometry.nullable(),
});
export type PreviewFeature = z.infer<typeof PreviewFeature>;

export const ImportPreviewResponse = z.object({
  previewId: z.string(),
  filename: z.string(),
  format: z.enum(ZONE_IMPORT_FORMATS),
  sha256: z.string(),
  /** Attribute names found on the features, for choosing the name and risk fields. */
  attributes: z.array(z.string()),
  features: z.array(PreviewFeature),
  expiresAt: Timestamp,
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponse>;

export const ImportPreviewQuery = z.object({ filename: singleLineText().max(255, 'The file name is too long.').default('upload') });

export const CommitImportRequest = z.object({
  previewId: singleLineText().min(1).max(100),
  /** Attribute giving each zone's name; null: "<file> #<n>". */
  nameField: singleLineText({ trim: false }).max(200).nullable().default(null),
  /** Attribute giving the risk level, read through riskMap, else as a level name, else defaultRisk. */
  riskField: singleLineText({ trim: false }).max(200).nullable().default(null),
  riskMap: z.record(singleLineText({ trim: false }).max(200), Risk).default({}),
  defaultRisk: Risk.default('elevated'),
  kind: Kind.default('ungoverned'),
  /** Feature indexes to import (default: every importable one). */
  include: z.array(z.number().int().nonnegative()).max(100_000).optional(),
});
export type CommitImportRequest = z.infer<typeof CommitImportRequest>;

export const ZoneImport = z.object({
  id: z.string(),
  filename: z.string(),
  sha256: z.string(),
  format: z.enum(ZONE_IMPORT_FORMATS),
  importedBy: z.string(),
  importedByName: z.string(),
  importedAt: Timestamp,
  imported: z.number().int(),
  rejected: z.number().int(),
  undoneAt: Timestamp.nullable(),
});
export type ZoneImport = z.infer<typeof ZoneImport>;

export const RejectedFeature = z.object({ index: z.number().int(), name: z.string(), reasons: z.array(z.string()) });
export const CommitImportResponse = z.object({ import: ZoneImport, zones: z.array(Zone), rejected: z.array(RejectedFeature) });
export type CommitImportResponse = z.infer<typeof CommitImportResponse>;
export const ZoneImportListResponse = z.object({ imports: z.array(ZoneImport) });
export const ZoneImportParams = z.object({ id: singleLineText().min(1).max(100) });
export const ZoneImportResponse = z.object({ import: ZoneImport });
