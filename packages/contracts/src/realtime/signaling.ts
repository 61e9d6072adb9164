import { z } from 'zod';
import { IceCandidate, Sdp, StreamRoom, STREAM_ROLES } from '../http/streams';
import { IceServer } from '../http/stream-settings';

/**
 * The /ws/signaling protocol: how a browser publishes to and watches through the embedded SFU.
 * Every frame is one JSON object with a `type`. Step by step for a browser client:
 *
 * 1. `POST /stream/join { room, role }` (session cookie) → `{ token, iceServers, signalingUrl, … }`.
 * 2. Open `signalingUrl` and send `{ type: 'join', token }`. The server answers `joined`
 *    (room, role, peerId, iceServers) or `error` and closes.
 * 3. Create `new RTCPeerConnection({ iceServers })` with the servers from `joined` (never defaults).
 *    - To publish: `addTrack` the camera track (and the microphone's) and create a data channel
 *      labelled `telemetry` (TELEMETRY_CHANNEL_LABEL) BEFORE making the offer.
 *    - To view: `addTransceiver('video', { direction: 'recvonly' })` and the same for 'audio',
 *      and also create a data channel labelled `telemetry` before the offer: the SFU writes the
 *      publisher's telemetry to it (a viewer that does not want telemetry may leave it out).
 * 4. The CLIENT always sends the offer, for publishing and for viewing:
 *    `{ type: 'offer', sdp }` → `{ type: 'answer', peerId, sdp }`. Offer both VP8 and H264 (the
 *    browser default does); the SFU prefers H264 for publishers (phones' hardware encoders) and
 *    rewrites payload types per viewer, so a viewer never needs the publisher's numbers.
 * 5. ICE: the server's answer is complete (its candidates are in the SDP; it does not trickle).
 *    The client may trickle: send each `onicecandidate` as `{ type: 'ice', candidate }` and
 *    `{ type: 'ice', candidate: null }` at the end, or wait for gathering and put them in the offer.
 *    Candidates sent before the answer arrives are rejected with `out_of_order`.
 * 6. Heartbeat: send `{ type: 'ping', at: Date.now() }` every HEARTBEAT_INTERVAL_MS (~1 s); the
 *    server answers `pong`. A peer silent for HEARTBEAT_TIMEOUT_MS is dead: its forwarding stops at
 *    once and viewers are told (ICE alone would take ~30 s to notice).
 * 7. Viewers receive `publisher-left` when the publisher drops (keep the connection and the video
 *    element: frames resume by themselves) and `publisher-back` when it returns. `stats` arrives
 *    every ~2 s with the room's health. The viewer count is in `stats`.
 * 8. Reconnection: when the socket closes, or the server sends `reconnect` (the media process
 *    restarted, or the room moved), close the RTCPeerConnection, wait `afterMs` (plus jitter),
 *    open a new socket and start again at step 2 with the same token while it is valid (step 1
 *    otherwise). A publisher that comes back within PUBLISHER_GRACE_MS keeps its viewers.
 * 9. `{ type: 'leave' }` ends the peer cleanly; closing the socket does the same.
 *
 * Telemetry: the publisher sends, on the `telemetry` data channel, JSON text messages
 * `{ type: 'telemetry', lat, lon, heading, battery, at }` (TelemetryMessage) at most a few times
 * a second; the SFU checks each and relays it to every viewer's `telemetry` channel unchanged.
 *
 * Errors are `{ type: 'error', code, message }` with a message a person understands; codes in
 * SIGNALING_ERROR_CODES. A fatal one (bad token, forbidden, unknown room) is followed by a close.
 */
export const HEARTBEAT_INTERVAL_MS = 1_000;
export const HEARTBEAT_TIMEOUT_MS = 4_000;
export const PUBLISHER_GRACE_MS = 60_000;
export const STATS_INTERVAL_MS = 2_000;
export const TELEMETRY_CHANNEL_LABEL = 'telemetry';
/** Frames larger than this are refused (an SDP with every codec is well under it). */
export const MAX_SIGNALING_MESSAGE_BYTES = 96 * 1024;
/** ICE candidates one peer may send; more is a flood. */
export const MAX_ICE_CANDIDATES_PER_PEER = 50;

export const SIGNALING_ERROR_CODES = [
  'bad_message',
  'message_too_large',
  'bad_token',
  'forbidden',
  'room_not_found',
  'bad_sdp',
  'out_of_order',
  'too_many_candidates',
  'room_has_publisher',
  'media_unavailable',
  'rate_limited',
] as const;
export type SignalingErrorCode = (typeof SIGNALING_ERROR_CODES)[number];

export const TelemetryMessage = z.object({
  type: z.literal('telemetry'),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
  /** Compass heading in degrees, null when unknown. */
  heading: z.number().min(0).max(360).nullable(),
  /** Battery charge 0 to 1, null when the device does not tell. */
  battery: z.number().min(0).max(1).nullable(),
  at: z.number().int().nonnegative(),
});
export type TelemetryMessage = z.infer<typeof TelemetryMessage>;

// ---- client → server ----

export const SignalingClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), token: z.string().min(1).max(4000) }),
  z.object({ type: z.literal('offer'), sdp: Sdp }),
  z.object({ type: z.literal('ice'), candidate: IceCandidate.nullable() }),
  z.object({ type: z.literal('ping'), at: z.number().optional() }),
  z.object({ type: z.literal('leave') }),
]);
export type SignalingClientMessage = z.infer<typeof SignalingClientMessage>;

// ---- server → client ----

export const RoomStats = z.object({
  room: z.string(),
  viewers: z.number().int().nonnegative(),
  bitrateKbps: z.number().nonnegative(),
  fps: z.number().nonnegative(),
  packetLoss: z.number().min(0).max(1),
  rttMs: z.number().nonnegative().nullable(),
  codec: z.string().nullable(),
});
export type RoomStats = z.infer<typeof RoomStats>;

export const SignalingServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    room: StreamRoom,
    role: z.enum(STREAM_ROLES),
    peerId: z.string(),
    iceServers: z.array(IceServer),
    heartbeatIntervalMs: z.number(),
    heartbeatTimeoutMs: z.number(),
  }),
  z.object({ type: z.literal('answer'), peerId: z.string(), sdp: z.string() }),
  z.object({ type: z.literal('ice'), candidate: IceCandidate.nullable() }),
  z.object({ type: z.literal('pong'), at: z.number().optional(), serverTime: z.number() }),
  z.object({ type: z.literal('publisher-left'), room: z.string() }),
  z.object({ type: z.literal('publisher-back'), room: z.string() }),
  z.object({ type: z.literal('stats'), stats: RoomStats }),
  /** Start again from `join` after afterMs: the media process restarted or the room was reset. */
  z.object({ type: z.literal('reconnect'), reason: z.string(), afterMs: z.number().int().nonnegative() }),
  /** The room was closed by command; do not reconnect. */
  z.object({ type: z.literal('closed'), reason: z.string() }),
  z.object({ type: z.literal('error'), code: z.enum(SIGNALING_ERROR_CODES), message: z.string(), fatal: z.boolean() }),
]);
export type SignalingServerMessage = z.infer<typeof SignalingServerMessage>;
