import { z } from 'zod';
import { PRODUCT_VERSION } from '../product';
import { PRIORITIES } from './envelope';
import type { TypedEvent } from './events';

/**
 * The realtime protocol of /ws/realtime. Vocabulary:
 * - channel: a named stream of events ("incidents", "unit:<id>", …); who may subscribe is
 *   decided by the server from the viewer's role and unit, the same rule as over HTTP.
 * - seq: every event on a channel gets the next number of that channel. A client that
 *   reconnects sends the last seq it saw per channel and receives what it missed, in order.
 * - reset: the server no longer holds everything since that seq; the client refetches over
 *   HTTP and continues from the seq the reset names.
 * Every frame the server sends is the stream message envelope of docs/specification.md section 3.
 */
export const REALTIME_PATH = '/ws/realtime';
export const REALTIME_PROTOCOL_VERSION = 1;

/** Channels shared by everyone allowed to see them. Per-entity channels are built with the helpers below. */
export const SHARED_CHANNELS = [
  'incidents',
  'units',
  'reports',
  'alerts',
  'public-alerts',
  'broadcast',
  'zones',
  'streams',
  'cameras',
  'evidence',
  /** TAK devices heard on the CoT endpoint: command roles only (policies/tak.ts). */
  'tak',
] as const;
export type SharedChannel = (typeof SHARED_CHANNELS)[number];

export const channels = {
  incident: (id: string) => `incident:${id}` as const,
  unit: (id: string) => `unit:${id}` as const,
  /** What concerns one user: their own reports, messages sent to them. */
  user: (id: string) => `user:${id}` as const,
};
export type Channel = SharedChannel | `incident:${string}` | `unit:${string}` | `user:${string}`;

const CHANNEL_PATTERN =
  /^(incidents|units|reports|alerts|public-alerts|broadcast|zones|streams|cameras|evidence|tak|(incident|unit|user):[A-Za-z0-9-]{1,100})$/;
export const ChannelName = z.string().regex(CHANNEL_PATTERN, 'Unknown channel.') as unknown as z.ZodType<Channel>;

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && CHANNEL_PATTERN.test(value);
}

/** Control frames the server sends about the connection itself. */
export const CONTROL_TYPES = [
  'realtime.welcome',
  'realtime.subscribed',
  'realtime.denied',
  'realtime.reset',
  'realtime.pong',
  'realtime.error',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

// ---- client → server ----

export const Subscription = z.object({
  channel: ChannelName,
  /** The last seq the client saw on this channel; omitted for "from now on". */
  since: z.number().int().nonnegative().optional(),
});
export type Subscription = z.infer<typeof Subscription>;

export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), subscriptions: z.array(Subscription).min(1).max(100) }),
  z.object({ type: z.literal('unsubscribe'), channels: z.array(ChannelName).min(1).max(100) }),
  z.object({ type: z.literal('ping'), at: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- server → client ----

/** The envelope every server frame uses: the fields of docs/specification.md plus channel and seq for events. */
export const RealtimeFrame = z.object({
  type: z.string(),
  data: z.unknown(),
  priority: z.enum(PRIORITIES),
  timestamp: z.number(),
  origin: z.string(),
  source: z.string(),
  version: z.literal(PRODUCT_VERSION),
  messageId: z.string(),
  channel: z.string().optional(),
  seq: z.number().int().nonnegative().optional(),
});
export type RealtimeFrame = z.infer<typeof RealtimeFrame>;

/** data of realtime.subscribed: the channel's current seq, after any replay was sent. */
export interface SubscribedData {
  channel: Channel;
  seq: number;
}
/** data of realtime.denied. */
export interface DeniedData {
  channel: string;
  reason: string;
}
/** data of realtime.reset: events before `seq` are gone; refetch, then continue from `seq`. */
export interface ResetData {
  channel: Channel;
  seq: number;
}

/** An event frame whose data has been checked against its type's schema (EVENT_PAYLOADS in events.ts). */
export type EventFrame = TypedEvent<Omit<RealtimeFrame, 'type' | 'data'>>;
/** A realtime.reset frame: the channel's events before `seq` are gone, so listeners refetch. */
export type ResetFrame = Omit<RealtimeFrame, 'type' | 'data'> & { type: 'realtime.reset'; data: ResetData };
/** What a page's realtime listener receives: checked events, and resets. */
export type LiveFrame = EventFrame | ResetFrame;
