import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

/**
 * Street basemaps the administrators manage (docs/decisions/0029-basemaps-served-by-argus.md): offline
 * archives uploaded to Argus and served tile by tile from its data folder, or online sources the
 * browser reaches itself.
 */
export const BASEMAP_KINDS = ['file', 'online'] as const;
export type BasemapKind = (typeof BASEMAP_KINDS)[number];

/** Files: PMTiles v3 or MBTiles. Online: an XYZ template, a TileJSON document or a MapLibre style. */
export const BASEMAP_FILE_FORMATS = ['pmtiles', 'mbtiles'] as const;
export const BASEMAP_ONLINE_FORMATS = ['xyz', 'tilejson', 'style'] as const;
export const BASEMAP_FORMATS = [...BASEMAP_FILE_FORMATS, ...BASEMAP_ONLINE_FORMATS] as const;
export type BasemapFormat = (typeof BASEMAP_FORMATS)[number];

export const TILE_TYPES = ['vector', 'raster'] as const;
export type TileType = (typeof TILE_TYPES)[number];

/** How each tile is encoded: Mapbox Vector Tiles, or a raster image. */
export const TILE_FORMATS = ['mvt', 'png', 'jpeg', 'webp'] as const;
export type TileFormat = (typeof TILE_FORMATS)[number];

/** The layer scheme a vector archive follows, read from its metadata's `vector_layers`; styles are written per scheme. */
export const VECTOR_SCHEMAS = ['openmaptiles', 'protomaps', 'unknown'] as const;
export type VectorSchema = (typeof VECTOR_SCHEMAS)[number];

/** The largest basemap file by default: a region's street extract is hundreds of MB, a country's a few GB. */
export const BASEMAP_MAX_BYTES = 8 * 1024 * 1024 * 1024;

/** Deepest zoom a tile pyramid may have (what MapLibre and the archive formats address). */
export const MAX_TILE_ZOOM = 30;

/** The tile URL template of a basemap served by Argus. */
export const basemapTileUrl = (id: string) => `/basemaps/${id}/tiles/{z}/{x}/{y}`;

const Name = singleLineText({ typeError: 'Give the basemap a name.' })
  .min(1, 'Give the basemap a name.')
  .max(80, 'The name is too long (at most 80 characters).');
const Zoom = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 0 to ${MAX_TILE_ZOOM}.` })
    .int(`${field} must be a whole number from 0 to ${MAX_TILE_ZOOM}.`)
    .min(0, `${field} must be a whole number from 0 to ${MAX_TILE_ZOOM}.`)
    .max(MAX_TILE_ZOOM, `${field} must be a whole number from 0 to ${MAX_TILE_ZOOM}.`);
const HttpUrl = singleLineText({ typeError: 'Enter the source address.' })
  .min(1, 'Enter the source address.')
  .max(2000, 'The address is too long (at most 2,000 characters).')
  .refine((url) => /^https?:\/\/[^/\s]/i.test(url) && URL.canParse(url.replace(/\{[a-z]+\}/gi, '0')), {
    message: 'The address must be an http:// or https:// URL.',
  });

const Attribution = singleLineText().max(500, 'The attribution is too long (at most 500 characters).');

/** `POST /basemaps?name=…&filename=…` with the archive as the raw body. */
export const UploadBasemapQuery = z.object({
  name: Name.optional(),
  filename: singleLineText().min(1, 'Name the file.').max(255, 'The file name is too long.').optional(),
});
export type UploadBasemapQuery = z.infer<typeof UploadBasemapQuery>;

/** `POST /basemaps` with a JSON body: an online source the browser loads itself. */
export const CreateOnlineBasemapRequest = z
  .object({
    name: Name,
    format: z.enum(BASEMAP_ONLINE_FORMATS, { error: `format must be one of ${BASEMAP_ONLINE_FORMATS.join(', ')}.` }),
    url: HttpUrl,
    tileType: z.enum(TILE_TYPES, { error: `tileType must be one of ${TILE_TYPES.join(', ')}.` }),
    attribution: Attribution.default(''),
    minZoom: Zoom('minZoom').default(0),
    maxZoom: Zoom('maxZoom').default(19),
  })
  .refine((value) => value.minZoom <= value.maxZoom, { message: 'minZoom must not be above maxZoom.', path: ['minZoom'] })
  .refine((value) => value.format !== 'xyz' || ['{z}', '{x}', '{y}'].every((part) => value.url.includes(part)), {
    message: 'An XYZ address must contain {z}, {x} and {y}.',
    path: ['url'],
  });
export type CreateOnlineBasemapRequest = z.infer<typeof CreateOnlineBasemapRequest>;

/**
 * Rename, credit the map's makers (an uploaded file's metadata often names none, while its licence
 * asks for it), move to a place in the order (0 is first), or make (or stop being) the default.
 */
export const UpdateBasemapRequest = z
  .object({
    name: Name,
    attribution: Attribution,
    order: z
      .number({ error: 'order must be a whole number, 0 or more.' })
      .int('order must be a whole number, 0 or more.')
      .min(0, 'order must be a whole number, 0 or more.')
      .max(10_000, 'order must be at most 10,000.'),
    isDefault: z.boolean({ error: 'isDefault must be true or false.' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one of name, attribution, order or isDefault.');
export type UpdateBasemapRequest = z.infer<typeof UpdateBasemapRequest>;

export const Basemap = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(BASEMAP_KINDS),
  format: z.enum(BASEMAP_FORMATS),
  tileType: z.enum(TILE_TYPES),
  /** Known for archives; null for online sources, whose tiles Argus never sees. */
  tileFormat: z.enum(TILE_FORMATS).nullable(),
  /** Vector basemaps only; null for raster. */
  vectorSchema: z.enum(VECTOR_SCHEMAS).nullable(),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  /** Coverage as [west, south, east, north] in degrees; null when the source does not say. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  attribution: z.string(),
  /** Place in the list, 0 first. */
  order: z.number().int(),
  isDefault: z.boolean(),
  /** The uploaded file's size and name; null for online sources. */
  sizeBytes: z.number().int().nullable(),
  filename: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Where the browser gets tiles: `/basemaps/:id/tiles/{z}/{x}/{y}` for a file, the template for XYZ; null for TileJSON and styles. */
  tileUrl: z.string().nullable(),
  /** An online source's TileJSON or style address (and the XYZ template); null for files. */
  sourceUrl: z.string().nullable(),
});
export type Basemap = z.infer<typeof Basemap>;

export const BasemapParams = z.object({ id: singleLineText().min(1).max(100) });
const TileCoordinate = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .min(0, `${field} must be 0 or more.`);
export const TileParams = z.object({
  id: singleLineText().min(1).max(100),
  z: TileCoordinate('z').max(MAX_TILE_ZOOM, `z must be at most ${MAX_TILE_ZOOM}.`),
  x: TileCoordinate('x'),
  y: TileCoordinate('y'),
});
export type TileParams = z.infer<typeof TileParams>;

export const BasemapResponse = z.object({ basemap: Basemap });
export const BasemapListResponse = z.object({ basemaps: z.array(Basemap) });
export type BasemapListResponse = z.infer<typeof BasemapListResponse>;
