import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

/** Capture sizes offered for publishing; portrait phones swap width and height. */
export const STREAM_RESOLUTIONS = {
  '360p': { width: 640, height: 360 },
  '480p': { width: 854, height: 480 },
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
} as const;
export type StreamResolution = keyof typeof STREAM_RESOLUTIONS;
export const STREAM_RESOLUTION_NAMES = Object.keys(STREAM_RESOLUTIONS) as StreamResolution[];

export const STREAM_FRAME_RATES = [15, 24, 30, 60] as const;

/** auto lets the browser and the SFU agree; H264 suits phones' hardware encoders, VP8 any browser. */
export const STREAM_CODECS = ['auto', 'H264', 'VP8'] as const;
export type StreamCodec = (typeof STREAM_CODECS)[number];

export const STREAM_BITRATE_KBPS = { min: 100, max: 8000 } as const;
export const RECORDING_RETENTION_DAYS = { min: 1, max: 3650 } as const;
export const MAX_ICE_SERVERS = 10;

/** A user's publishing defaults, used by Go live, the streaming test and production. */
export const StreamDefaults = z.object({
  resolution: z.enum(STREAM_RESOLUTION_NAMES as [StreamResolution, ...StreamResolution[]], {
    error: `Resolution must be one of ${STREAM_RESOLUTION_NAMES.join(', ')}.`,
  }),
  frameRate: z.union(
    STREAM_FRAME_RATES.map((rate) => z.literal(rate)),
    { error: `Frame rate must be one of ${STREAM_FRAME_RATES.join(', ')} fps.` },
  ),
  bitrateKbps: z
    .number({ error: 'Bitrate must be a number of kbit/s.' })
    .int('Bitrate must be a whole number of kbit/s.')
    .min(STREAM_BITRATE_KBPS.min, `Bitrate is ${STREAM_BITRATE_KBPS.min} to ${STREAM_BITRATE_KBPS.max} kbit/s.`)
    .max(STREAM_BITRATE_KBPS.max, `Bitrate is ${STREAM_BITRATE_KBPS.min} to ${STREAM_BITRATE_KBPS.max} kbit/s.`),
  codec: z.enum(STREAM_CODECS, { error: `Codec must be one of ${STREAM_CODECS.join(', ')}.` }),
});
export type StreamDefaults = z.infer<typeof StreamDefaults>;

/** What a user who never changed anything publishes with. */
export const DEFAULT_STREAM_DEFAULTS: StreamDefaults = { resolution: '720p', frameRate: 30, bitrateKbps: 1500, codec: 'auto' };

export const UpdateStreamDefaultsRequest = StreamDefaults.partial().refine(
  (value) => Object.keys(value).length > 0,
  'Send at least one setting to change.',
);
export type UpdateStreamDefaultsRequest = z.infer<typeof UpdateStreamDefaultsRequest>;

export const StreamDefaultsResponse = z.object({ defaults: StreamDefaults, updatedAt: Timestamp.nullable() });
export type StreamDefaultsResponse = z.infer<typeof StreamDefaultsResponse>;

const IceUrl = singleLineText()
  .max(300, 'An ICE server address is too long (at most 300 characters).')
  .regex(
    /^(stun|turn|turns):[^\s]+$/,
    'An ICE server address starts with stun:, turn: or turns: (for example stun:stun.example.org:3478).',
  );

/** One STUN or TURN server, in the shape RTCPeerConnection takes. */
export const IceServer = z
  .object({
    urls: z.array(IceUrl).min(1, 'Give each ICE server at least one address.').max(5, 'At most 5 addresses per ICE server.'),
    username: singleLineText().max(200, 'The TURN username is too long.').optional(),
    credential: singleLineText({ trim: false }).max(200, 'The TURN credential is too long.').optional(),
  })
  .refine((server) => server.urls.every((url) => url.startsWith('stun:')) || (Boolean(server.username) && Boolean(server.credential)), {
    message: 'A TURN server needs a username and a credential.',
  });
export type IceServer = z.infer<typeof IceServer>;

/** Platform-wide settings only administrators change. */
export const StreamPlatformSettings = z.object({
  /** Null: the server's configured ICE servers apply; a list (even empty) replaces them. */
  iceServers: z.array(IceServer).max(MAX_ICE_SERVERS, `At most ${MAX_ICE_SERVERS} ICE servers.`).nullable(),
  recordingRetentionDays: z
    .number({ error: 'recordingRetentionDays must be a number.' })
    .int('recordingRetentionDays must be a whole number of days.')
    .min(RECORDING_RETENTION_DAYS.min, `recordingRetentionDays is ${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}.`)
    .max(RECORDING_RETENTION_DAYS.max, `recordingRetentionDays is ${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}.`),
});
export type StreamPlatformSettings = z.infer<typeof StreamPlatformSettings>;

export const DEFAULT_RECORDING_RETENTION_DAYS = 90;

export const UpdateStreamPlatformRequest = StreamPlatformSettings.partial().refine(
  (value) => Object.keys(value).length > 0,
  'Send at least one setting to change.',
);
export type UpdateStreamPlatformRequest = z.infer<typeof UpdateStreamPlatformRequest>;

export const StreamPlatformResponse = z.object({
  settings: StreamPlatformSettings,
  /** The ICE servers clients get right now: the administrators' list or the server's configuration. */
  effectiveIceServers: z.array(IceServer),
  updatedAt: Timestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type StreamPlatformResponse = z.infer<typeof StreamPlatformResponse>;
