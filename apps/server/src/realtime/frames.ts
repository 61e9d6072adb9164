import { randomUUID } from 'node:crypto';
import { PRODUCT_VERSION } from '@argus/contracts/product';
import type { Channel, ControlType } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from './events';

/**
 * Frames as they go on the wire: the stream message envelope of docs/specification.md (type, data, priority,
 * timestamp, origin, source, version, messageId) plus channel and seq on events.
 *
 * An event is serialised once into its "head" (every field but channel and seq); each of its
 * channels then only appends those two, and every subscriber of a channel is sent the very same
 * bytes. The messageId is the event's, shared by its channels, so a client subscribed to two of
 * them can tell it is one event.
 */

/** One event on one channel, ready to send. */
export interface ChannelFrame {
  channel: Channel;
  seq: number;
  /** The whole frame as JSON. */
  text: string;
}

export interface FrameOrigin {
  /** The server process that produced the frame. */
  origin: string;
  now(): number;
}

/** The envelope of an event without its closing brace, channel and seq. */
export function eventHead(event: OperationalEvent, at: number, origin: string): string {
  const source = event.type.slice(0, event.type.indexOf('.'));
  return (
    `{"type":"${event.type}","data":${JSON.stringify(event.data ?? null)},"priority":"${event.priority ?? 'normal'}",` +
    `"timestamp":${at},"origin":${JSON.stringify(origin)},"source":"${source}","version":"${PRODUCT_VERSION}","messageId":"${event.id ?? randomUUID()}"`
  );
}

/** Channel names are limited to letters, digits, '-' and ':' by the protocol, so they need no escaping. */
export function onChannel(head: string, channel: Channel, seq: number): string {
  return `${head},"channel":"${channel}","seq":${seq}}`;
}

/** A frame about the connection itself (welcome, subscribed, denied, reset, pong, error). */
export function controlFrame(type: ControlType, data: unknown, from: FrameOrigin): string {
  return JSON.stringify({
    type,
    data,
    priority: 'normal',
    timestamp: from.now(),
    origin: from.origin,
    source: 'realtime',
    version: PRODUCT_VERSION,
    messageId: randomUUID(),
  });
}
