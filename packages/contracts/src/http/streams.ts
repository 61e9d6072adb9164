import { z } from 'zod';
import { Timestamp } from './common';
import { IceServer } from './stream-settings';
import { singleLineText } from './text';

/**
 * Live video rooms of the embedded SFU (docs/specification.md section 7: /stream/*, /signaling/*, /videosdk/token).
 * A room has at most one publisher and any number of viewers. Who may do what:
 * - publish: Super_Admin and Command_Admin anywhere; a Field_Unit only to its own unit's room
 *   (`unitRoomId(unitId)`) or a room created for its unit (`unitId` of the room is its unit).
 * - view: Super_Admin, Command_Admin and Intelligence_Analyst every room; a Field_Unit only rooms
 *   shared with its unit (its own room, or `sharedWithUnitIds` lists it). Civic reporters: none.
 */
export const STREAM_ROOM_KINDS = ['field', 'camera', 'program', 'test'] as const;
export type StreamRoomKind = (typeof STREAM_ROOM_KINDS)[number];

/** waiting: nobody publishes yet; live: media flows; reconnecting: the publisher dropped and may return; ended: closed. */
export const STREAM_ROOM_STATUSES = ['waiting', 'live', 'reconnecting', 'ended'] as const;
export type StreamRoomStatus = (typeof STREAM_ROOM_STATUSES)[number];

export const STREAM_ROLES = ['publish', 'view'] as const;
export type StreamRole = (typeof STREAM_ROLES)[number];

/** The fixed room of the video SDK in docs/specification.md: the default command room (docs/decisions/0008-fixed-video-room-is-the-command-room.md). */
export const COMMAND_ROOM_ID = 'command-room';

/** The room a field unit goes live in; created on first use. */
export const unitRoomId = (unitId: string) => `unit-${unitId}`;

/** Stream tokens live briefly: long enough to connect and to reconnect after a flap. */
export const STREAM_TOKEN_TTL_MS = 10 * 60_000;
/** The audience of stream tokens: only the stream gateway (signalling, WHIP, WHEP) accepts them. */
export const STREAM_TOKEN_AUDIENCE = 'argus-stream-gateway';

export const SIGNALING_PATH = '/ws/signaling';
export const whipPath = (roomId: string) => `/whip/${encodeURIComponent(roomId)}`;
export const whepPath = (roomId: string) => `/whep/${encodeURIComponent(roomId)}`;

export const RoomId = singleLineText({ typeError: 'room must be a text id.' })
  .min(1, 'Name the room.')
  .max(100, 'The room id is too long (at most 100 characters).')
  .regex(/^[A-Za-z0-9._-]+$/, 'A room id uses letters, digits and . _ - only.');

/** The path of a TAK device's playback link: its room and its token (docs/decisions/0073-tak-video-out-and-read-receipts.md). */
export const PlaybackLinkParams = z.object({
  room: RoomId,
  token: singleLineText({ typeError: 'This playback link is not valid.' })
    .min(1, 'This playback link is not valid.')
    .max(4096, 'This playback link is not valid.'),
});

const RoomName = singleLineText({ typeError: 'name must be text.' })
  .min(1, 'Enter a room name.')
  .max(80, 'The room name is too long (at most 80 characters).');
const EntityId = singleLineText().min(1).max(100);

export const StreamPublisher = z.object({
  userId: z.string(),
  name: z.string(),
  /** When the current publishing session started (or resumed). */
  since: Timestamp,
  /** The negotiated video codec ("H264", "VP8"), once known. */
  codec: z.string().nullable(),
});
export type StreamPublisher = z.infer<typeof StreamPublisher>;

export const StreamRoom = z.object({
  id: RoomId,
  name: z.string(),
  kind: z.enum(STREAM_ROOM_KINDS),
  status: z.enum(STREAM_ROOM_STATUSES),
  publisher: StreamPublisher.nullable(),
  viewers: z.number().int().nonnegative(),
  unitId: z.string().nullable(),
  cameraId: z.string().nullable(),
  /** Field units (besides the room's own) allowed to watch. */
  sharedWithUnitIds: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: Timestamp,
});
export type StreamRoom = z.infer<typeof StreamRoom>;

/**
 * What changed in a room, as the realtime "streams" channel announces it (events stream.created,
 * stream.updated, stream.closed; data: StreamRoomEvent). Changes that land together (a burst of
 * viewers joining) are announced once, with every change listed.
 */
export const STREAM_ROOM_CHANGES = [
  'created',
  'publisher-joined',
  'publisher-left',
  'publisher-back',
  'viewers',
  'reconnect-expired',
  'closed',
  'media-restarted',
] as const;
export type StreamRoomChange = (typeof STREAM_ROOM_CHANGES)[number];

export const StreamRoomEvent = z.object({
  room: StreamRoom,
  changes: z.array(z.enum(STREAM_ROOM_CHANGES)).min(1),
});
export type StreamRoomEvent = z.infer<typeof StreamRoomEvent>;

// ---- POST /stream/create ----

export const CreateStreamRequest = z.object({
  /** Optional: a stable id (a camera's room, say); the server makes one otherwise. */
  id: RoomId.optional(),
  name: RoomName,
  kind: z.enum(STREAM_ROOM_KINDS, { error: `kind must be one of ${STREAM_ROOM_KINDS.join(', ')}.` }),
  unitId: EntityId.nullable().optional(),
  cameraId: EntityId.nullable().optional(),
  sharedWithUnitIds: z.array(EntityId).max(50, 'Share a room with at most 50 units.').optional(),
});
export type CreateStreamRequest = z.infer<typeof CreateStreamRequest>;

export const StreamRoomResponse = z.object({ room: StreamRoom });
export type StreamRoomResponse = z.infer<typeof StreamRoomResponse>;

// ---- POST /stream/join ----

export const JoinStreamRequest = z.object({
  room: RoomId,
  role: z.enum(STREAM_ROLES, { error: 'role must be publish or view.' }),
});
export type JoinStreamRequest = z.infer<typeof JoinStreamRequest>;

/** Everything a client needs to connect: send `token` in the signalling socket's join message. */
export const JoinStreamResponse = z.object({
  room: StreamRoom,
  role: z.enum(STREAM_ROLES),
  iceServers: z.array(IceServer),
  /** Short-lived ES256 JWT for the stream gateway (audience STREAM_TOKEN_AUDIENCE), verified through /.well-known/jwks.json. */
  token: z.string(),
  expiresAt: Timestamp,
  /** Absolute ws:// or wss:// URL of /ws/signaling. */
  signalingUrl: z.string(),
  /** The WHIP (publish) or WHEP (view) endpoint of this room, for external encoders and players. */
  httpEndpoint: z.string(),
  /** The target video bitrate publishers should reach (kbit/s). */
  targetBitrateKbps: z.number().int().positive(),
});
export type JoinStreamResponse = z.infer<typeof JoinStreamResponse>;

// ---- POST /stream/leave ----

export const LeaveStreamRequest = z.object({
  room: RoomId,
  /** Leave only this peer; every peer of mine in the room otherwise. */
  peerId: singleLineText().max(100).optional(),
  /** Close the room itself (command roles only): everyone is disconnected. */
  close: z.boolean().optional(),
});
export type LeaveStreamRequest = z.infer<typeof LeaveStreamRequest>;

export const LeaveStreamResponse = z.object({ ok: z.literal(true), closedPeers: z.number().int().nonnegative() });
export type LeaveStreamResponse = z.infer<typeof LeaveStreamResponse>;

// ---- GET /stream/list ----

export const StreamListResponse = z.object({ rooms: z.array(StreamRoom) });
export type StreamListResponse = z.infer<typeof StreamListResponse>;

// ---- GET /stream/health ----

export const PublisherHealth = z.object({
  bitrateKbps: z.number().nonnegative(),
  fps: z.number().nonnegative(),
  /** Fraction of packets lost from the publisher, 0 to 1. */
  packetLoss: z.number().min(0).max(1),
  /**
   * Round-trip time to the publisher in ms, from ICE connectivity and consent checks (the SFU
   * only receives from a publisher, so RTCP gives it no round trip); null until measured.
   */
  rttMs: z.number().nonnegative().nullable(),
  codec: z.string().nullable(),
  /** Keyframe requests sent to the publisher (viewer joins and viewers' PLI/FIR). */
  keyframeRequests: z.number().int().nonnegative(),
  /** Packets the SFU retransmitted from its history on viewers' NACK. */
  retransmissions: z.number().int().nonnegative(),
});
export type PublisherHealth = z.infer<typeof PublisherHealth>;

export const RoomHealth = z.object({
  id: RoomId,
  name: z.string(),
  status: z.enum(STREAM_ROOM_STATUSES),
  viewers: z.number().int().nonnegative(),
  publisher: PublisherHealth.nullable(),
  /** Total kbit/s forwarded to all viewers. */
  egressKbps: z.number().nonnegative(),
  /** Median round-trip time to the viewers in ms, from their RTCP receiver reports; null until measured. */
  viewerRttMs: z.number().nonnegative().nullable(),
});
export type RoomHealth = z.infer<typeof RoomHealth>;

export const SFU_STATES = ['running', 'restarting', 'stopped'] as const;

export const StreamHealthResponse = z.object({
  sfu: z.object({
    state: z.enum(SFU_STATES),
    /** How often the media process was restarted since the server started. */
    restarts: z.number().int().nonnegative(),
    startedAt: Timestamp.nullable(),
  }),
  rooms: z.array(RoomHealth),
  at: Timestamp,
});
export type StreamHealthResponse = z.infer<typeof StreamHealthResponse>;

// ---- POST /signaling/offer|answer|ice (the same messages as /ws/signaling, over HTTP) ----

/** At most this much SDP is accepted in one message (a real offer is 3–8 KiB). */
export const MAX_SDP_BYTES = 64 * 1024;

export const Sdp = z
  .string({ error: 'sdp must be text.' })
  .min(10, 'The SDP is empty or too short to be a session description.')
  .max(MAX_SDP_BYTES, `The SDP is too large (at most ${MAX_SDP_BYTES} bytes).`)
  .refine((sdp) => sdp.startsWith('v=0'), 'The SDP must start with "v=0".');

export const IceCandidate = z.object({
  candidate: z.string().max(1000, 'The ICE candidate is too long.'),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});
export type IceCandidate = z.infer<typeof IceCandidate>;

export const SignalingOfferRequest = z.object({
  /** The stream token from /stream/join; names the room and the role. */
  token: z.string().min(1, 'Send the stream token from /stream/join.').max(4000),
  /** The client's offer. Omit it (viewing only) to have the server offer; answer with /signaling/answer. */
  sdp: Sdp.optional(),
});
export type SignalingOfferRequest = z.infer<typeof SignalingOfferRequest>;

export const SignalingOfferResponse = z.object({
  peerId: z.string(),
  /** answer: the server's answer to the client's offer; offer: the server's own offer to answer. */
  type: z.enum(['answer', 'offer']),
  /** Complete SDP: the server's candidates are included (it does not trickle). */
  sdp: z.string(),
});
export type SignalingOfferResponse = z.infer<typeof SignalingOfferResponse>;

export const SignalingAnswerRequest = z.object({
  token: z.string().min(1).max(4000),
  peerId: singleLineText().min(1).max(100),
  sdp: Sdp,
});
export type SignalingAnswerRequest = z.infer<typeof SignalingAnswerRequest>;

export const SignalingIceRequest = z.object({
  token: z.string().min(1).max(4000),
  peerId: singleLineText().min(1).max(100),
  /** null: end of candidates. */
  candidate: IceCandidate.nullable(),
});
export type SignalingIceRequest = z.infer<typeof SignalingIceRequest>;

export const SignalingOk = z.object({ ok: z.literal(true) });

// ---- GET /videosdk/token, GET /videosdk ----

export const VideoSdkTokenResponse = z.object({
  token: z.string(),
  roomId: z.literal(COMMAND_ROOM_ID),
  expiresAt: Timestamp,
  iceServers: z.array(IceServer),
  signalingUrl: z.string(),
});
export type VideoSdkTokenResponse = z.infer<typeof VideoSdkTokenResponse>;

/** /videosdk answers for the command room: its state and where to connect. */
export const VideoSdkRoomResponse = z.object({
  room: StreamRoom,
  signalingUrl: z.string(),
  whepUrl: z.string(),
  whipUrl: z.string(),
});
export type VideoSdkRoomResponse = z.infer<typeof VideoSdkRoomResponse>;
