import { z } from 'zod';
import { Alert, PublicAlert } from '../http/alerts';
import { CallerLink } from '../http/caller-links';
import { Camera } from '../http/cameras';
import { DetectionFrameEvent } from '../http/detections';
import { EvidenceCustodyEvent, EvidenceItem } from '../http/evidence';
import { HomeAreaResponse } from '../http/home-area';
import { Incident, TimelineEntry } from '../http/incidents';
import { Message, MessageThreadRead } from '../http/messages';
import { SentOfflineArea, WithdrawnOfflineArea } from '../http/offline-areas';
import { Report } from '../http/reports';
import { StreamRoomEvent } from '../http/streams';
import { TakContact } from '../http/tak';
import { TakPoint, TakPointRemoved } from '../http/tak-points';
import { Dispatch, Unit } from '../http/units';
import { UnitSymbolsResponse } from '../http/unit-symbols';
import { Zone } from '../http/zones';

/** data of incident.timeline: one new entry of an incident's timeline, with the incident it belongs to. */
export const IncidentTimelineEvent = z.object({ incidentId: z.string(), entry: TimelineEntry });
export type IncidentTimelineEvent = z.infer<typeof IncidentTimelineEvent>;

/**
 * Every realtime event (`entity.verb`, the envelope's type) and the schema of its data: the one
 * place an event's payload is described. The server's publishers and listeners are typed from it
 * (at compile time only), and the web app checks each event frame against it once, on arrival.
 * Payloads are the HTTP contract shapes, so a frame patches the same cache a fetch fills.
 */
export const EVENT_PAYLOADS = {
  'incident.created': Incident,
  'incident.updated': Incident,
  'incident.timeline': IncidentTimelineEvent,
  'unit.created': Unit,
  'unit.updated': Unit,
  'unit.position': Unit,
  /** The unit symbol table after an administrator saved it, on "units": open maps redraw their units and legend. */
  'symbology.updated': UnitSymbolsResponse,
  /** The home area after an administrator set or cleared it, on "units": maps opened next open there (docs/decisions/0058-home-area.md). */
  'home-area.updated': HomeAreaResponse,
  'dispatch.created': Dispatch,
  'dispatch.updated': Dispatch,
  'report.created': Report,
  'report.updated': Report,
  'message.created': Message,
  /** A person read a thread up to a message, on their own user channel (their other screens). */
  'message.read': MessageThreadRead,
  'alert.created': Alert,
  'alert.updated': Alert,
  /** A public alert as the public reads it (what, where, when), on "public-alerts" only. */
  'public-alert.created': PublicAlert,
  'public-alert.updated': PublicAlert,
  'zone.created': Zone,
  'zone.updated': Zone,
  'detection.created': DetectionFrameEvent,
  /** Video rooms; also on `unit:<id>` for the field units a room belongs or is shared to. */
  'stream.created': StreamRoomEvent,
  'stream.updated': StreamRoomEvent,
  'stream.closed': StreamRoomEvent,
  /** The camera registry and each camera's health; deactivating is an update. */
  'camera.created': Camera,
  'camera.updated': Camera,
  /** Evidence items, and custody entries from views, downloads and exports. */
  'evidence.created': EvidenceItem,
  'evidence.updated': EvidenceItem,
  'evidence.custody': EvidenceCustodyEvent,
  /** A caller location link made, revoked or sharing a position (docs/decisions/0046-caller-location-links.md). */
  'caller.updated': CallerLink,
  /** A map area command sent to a unit's phone, or withdrew (docs/decisions/0057-offline-areas-sent-by-command.md). */
  'offline-area.sent': SentOfflineArea,
  'offline-area.withdrawn': WithdrawnOfflineArea,
  /**
   * A TAK contact heard for the first time, moved (at most once a second per contact), bound or
   * unbound, on "tak" (command roles only; docs/decisions/0061-tak-cot-endpoint-first-slice.md).
   */
  'tak-contact.updated': TakContact,
  /**
   * A point a TAK device placed, moved or recoloured, and one it deleted, on "tak", as contacts are
   * (docs/decisions/0072-tak-map-points.md).
   */
  'tak-point.updated': TakPoint,
  'tak-point.removed': TakPointRemoved,
} as const satisfies Record<`${string}.${string}`, z.ZodType>;

/** Event names, `entity.verb`. */
export type EventType = keyof typeof EVENT_PAYLOADS;

/** The data an event of type `T` carries. */
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;

/** Every event name, in the map's order. */
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS).filter(isEventType);

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_PAYLOADS, value);
}

/**
 * An event as a type-and-data pair whose data is that of its type: switching on `type` narrows
 * `data`. `Extra` adds the fields a side keeps with it (channels on the server, the envelope in the browser).
 */
export type TypedEvent<Extra = unknown, T extends EventType = EventType> = { [K in T]: Extra & { type: K; data: EventPayload<K> } }[T];
