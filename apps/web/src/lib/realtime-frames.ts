import { EVENT_PAYLOADS, isEventType } from '@argus/contracts/realtime/events';
import type { EventFrame, RealtimeFrame } from '@argus/contracts/realtime/protocol';

/**
 * Reading the server's frames, for the realtime client. The envelope is checked only for the
 * fields the client routes by (type, messageId); an event's data is checked against its type's
 * schema in the event map (contracts realtime/events.ts), once, as it arrives, so every listener
 * receives typed data and none re-parses it.
 */

/** A frame's envelope from the socket's text; null when it is not a frame at all. */
export function readFrame(text: string): RealtimeFrame | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { type, messageId } = value as Partial<Record<keyof RealtimeFrame, unknown>>;
    return typeof type === 'string' && typeof messageId === 'string' ? (value as RealtimeFrame) : null;
  } catch {
    return null;
  }
}

/** The event frame with its data checked (extra fields dropped); null when the type is unknown or the data is not its type's. */
export function checkEvent(frame: RealtimeFrame): EventFrame | null {
  if (!isEventType(frame.type)) return null;
  const parsed = EVENT_PAYLOADS[frame.type].safeParse(frame.data);
  if (!parsed.success) return null;
  // TypeScript cannot tie parsed.data to frame.type (the schema was picked by that very type).
  return { ...frame, type: frame.type, data: parsed.data } as EventFrame;
}
