import { z } from 'zod';
import { Timestamp } from './common';
import { multiLineText, singleLineText } from './text';

/** Cameras and sensors of the surveillance network (docs/decisions/0011-what-each-page-does.md, docs/decisions/0012-core-entities.md). */
export const CAMERA_KINDS = ['camera', 'sensor'] as const;
export type CameraKind = (typeof CAMERA_KINDS)[number];

/** online: live and healthy; degraded: live but poor (late heartbeats, low fps, loss); offline: silent. */
export const CAMERA_STATUSES = ['online', 'degraded', 'offline'] as const;
export type CameraStatus = (typeof CAMERA_STATUSES)[number];

/** The health rule's figures, shared so the page can explain a status. */
export const CAMERA_HEALTH = {
  /** How often the server re-derives every camera's status. */
  checkIntervalMs: 30_000,
  /** A heartbeat or detection younger than this keeps a camera online. */
  onlineWithinMs: 60_000,
  /** Between onlineWithinMs and this a camera is degraded (late); after it, offline. */
  degradedWithinMs: 180_000,
  /** A feed reporting fewer frames per second than this is degraded. */
  minFps: 5,
  /** A feed reporting more packet loss than this fraction is degraded. */
  maxPacketLoss: 0.05,
} as const;

/** Classes of the COCO model worth reporting for security; the rest (cups, chairs…) are noise. */
export const DETECTION_CLASSES = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'bus',
  'truck',
  'boat',
  'train',
  'airplane',
  'dog',
  'horse',
  'backpack',
  'handbag',
  'suitcase',
  'knife',
] as const;
export type DetectionClass = (typeof DETECTION_CLASSES)[number];
export const DEFAULT_DETECTION_CLASSES: DetectionClass[] = ['person', 'bicycle', 'car', 'motorcycle', 'bus', 'truck'];
export const DEFAULT_MIN_SCORE = 0.35;

const Name = singleLineText().min(1, 'Enter a name.').max(80, 'The name is too long (at most 80 characters).');
const Lat = z
  .number({ error: 'lat must be a number.' })
  .min(-90, 'lat must be between -90 and 90.')
  .max(90, 'lat must be between -90 and 90.');
const Lon = z
  .number({ error: 'lon must be a number.' })
  .min(-180, 'lon must be between -180 and 180.')
  .max(180, 'lon must be between -180 and 180.');
const Heading = z
  .number({ error: 'heading must be a number.' })
  .min(0, 'heading is 0 to 360 degrees.')
  .max(360, 'heading is 0 to 360 degrees.');
const Fov = z.number({ error: 'fov must be a number.' }).min(1, 'fov is 1 to 360 degrees.').max(360, 'fov is 1 to 360 degrees.');
const RangeM = z
  .number({ error: 'rangeM must be a number.' })
  .min(1, 'rangeM is 1 to 20,000 metres.')
  .max(20_000, 'rangeM is 1 to 20,000 metres.');
const Room = singleLineText()
  .min(1, 'Enter a stream room or leave it empty.')
  .max(100, 'The stream room id is too long.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'A stream room id uses letters, digits and . _ : - only.');
const Notes = multiLineText().max(2000, 'The notes are too long (at most 2,000 characters).');

/** Schemes of the feeds TAK devices and IP cameras publish (docs/decisions/0068-tak-items-from-devices.md). */
export const STREAM_URL_SCHEMES = ['rtsp', 'rtsps', 'rtmp', 'rtmps', 'srt', 'udp', 'http', 'https'] as const;
/**
 * Where the camera's own stream is played from, outside Argus's rooms. No user name or password in
 * it, nor a token, key or signature in its query: whoever reads the registry would read them too.
 */
export const StreamUrl = singleLineText()
  .min(1, 'Enter a stream URL or leave it empty.')
  .max(2000, 'The stream URL is too long (at most 2,000 characters).')
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'The stream URL is not a URL.' });
      return;
    }
    const scheme = url.protocol.replace(/:$/, '');
    if (!(STREAM_URL_SCHEMES as readonly string[]).includes(scheme))
      context.addIssue({ code: 'custom', message: `A stream URL starts with ${STREAM_URL_SCHEMES.join(', ')}.` });
    else if (!url.hostname) context.addIssue({ code: 'custom', message: 'The stream URL names no host.' });
    if (url.username || url.password || [...url.searchParams.keys()].some(isCredentialKey))
      context.addIssue({ code: 'custom', message: 'Give the stream URL without a user name or password.' });
  });

/** Query keys that carry a secret (`?token=`, `?password=`…): refused as a user part is, for the same reason. */
const CREDENTIAL_KEYS = [
  'token',
  'access_token',
  'password',
  'passwd',
  'pass',
  'pwd',
  'key',
  'apikey',
  'api_key',
  'auth',
  'sig',
  'signature',
  'secret',
];
function isCredentialKey(key: string): boolean {
  return CREDENTIAL_KEYS.includes(key.toLowerCase());
}

export const DetectionSettings = z.object({
  enabled: z.boolean(),
  /** Detections scoring below this are not reported. */
  minScore: z.number().min(0.05, 'minScore is 0.05 to 0.99.').max(0.99, 'minScore is 0.05 to 0.99.'),
  classes: z
    .array(z.enum(DETECTION_CLASSES, { error: `classes are among ${DETECTION_CLASSES.join(', ')}.` }))
    .min(1, 'Choose at least one class.')
    .max(DETECTION_CLASSES.length),
});
export type DetectionSettings = z.infer<typeof DetectionSettings>;
export const DEFAULT_DETECTION_SETTINGS: DetectionSettings = {
  enabled: true,
  minScore: DEFAULT_MIN_SCORE,
  classes: DEFAULT_DETECTION_CLASSES,
};

export const CreateCameraRequest = z.object({
  name: Name,
  kind: z.enum(CAMERA_KINDS, { error: `kind must be one of ${CAMERA_KINDS.join(', ')}.` }),
  location: z.object({ lat: Lat, lon: Lon }),
  /** Compass bearing the camera looks along; null for a sensor or a dome that sees all round. */
  heading: Heading.nullable().default(null),
  fov: Fov.nullable().default(null),
  rangeM: RangeM.nullable().default(null),
  /** The live-video room the camera publishes to. */
  room: Room.nullable().default(null),
  /** The camera's own stream (a TAK feed, an IP camera), when it is not published to a room. */
  streamUrl: StreamUrl.nullable().default(null),
  notes: Notes.default(''),
  detection: DetectionSettings.default(DEFAULT_DETECTION_SETTINGS),
});
export type CreateCameraRequest = z.infer<typeof CreateCameraRequest>;

export const UpdateCameraRequest = z
  .object({
    name: Name,
    kind: z.enum(CAMERA_KINDS, { error: `kind must be one of ${CAMERA_KINDS.join(', ')}.` }),
    location: z.object({ lat: Lat, lon: Lon }),
    heading: Heading.nullable(),
    fov: Fov.nullable(),
    rangeM: RangeM.nullable(),
    room: Room.nullable(),
    streamUrl: StreamUrl.nullable(),
    notes: Notes,
    detection: DetectionSettings,
    active: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change.');
export type UpdateCameraRequest = z.infer<typeof UpdateCameraRequest>;

/** What the browser watching a feed measured over the last few seconds. */
export const CameraHeartbeatRequest = z.object({
  fps: z.number().min(0).max(240, 'fps is 0 to 240.').optional(),
  /** Fraction of packets lost, 0 to 1. */
  packetLoss: z.number().min(0, 'packetLoss is a fraction from 0 to 1.').max(1, 'packetLoss is a fraction from 0 to 1.').optional(),
});
export type CameraHeartbeatRequest = z.infer<typeof CameraHeartbeatRequest>;

export const Camera = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CAMERA_KINDS),
  location: z.object({ lat: z.number(), lon: z.number() }),
  heading: z.number().nullable(),
  fov: z.number().nullable(),
  rangeM: z.number().nullable(),
  room: z.string().nullable(),
  streamUrl: z.string().nullable(),
  status: z.enum(CAMERA_STATUSES),
  /** Why the status is what it is, in words. */
  statusReason: z.string(),
  lastSeenAt: Timestamp.nullable(),
  lastFps: z.number().nullable(),
  lastPacketLoss: z.number().nullable(),
  notes: z.string(),
  detection: DetectionSettings,
  active: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Camera = z.infer<typeof Camera>;

export const CameraParams = z.object({ id: singleLineText().min(1).max(100) });
export const CameraListQuery = z.object({
  status: z.enum(CAMERA_STATUSES, { error: `status must be one of ${CAMERA_STATUSES.join(', ')}.` }).optional(),
  kind: z.enum(CAMERA_KINDS, { error: `kind must be one of ${CAMERA_KINDS.join(', ')}.` }).optional(),
  /** Deactivated cameras are left out unless asked for. */
  includeInactive: z
    .enum(['true', 'false'], { error: 'includeInactive is true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export const CameraResponse = z.object({ camera: Camera });
export const CameraListResponse = z.object({ cameras: z.array(Camera) });

/** What the surveillance page's detector loads, all from this server (DETECTION_MODEL_URL; docs/detection.md). */
export const DetectorConfigResponse = z.object({
  modelUrl: z.string(),
  /** Folder holding tfjs-backend-wasm's .wasm files, ending in /. */
  wasmPath: z.string(),
});
export type DetectorConfigResponse = z.infer<typeof DetectorConfigResponse>;
