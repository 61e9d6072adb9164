import type CoT from '@tak-ps/node-cot';
import type { XmlNode } from '@tak-ps/node-cot';
import type { ZoneGeometry } from '@argus/contracts/http/zones';

/**
 * Reads the CoT items a device puts on the common map (docs/decisions/0068-tak-items-from-devices.md):
 * drawings (`u-d-r` rectangle, `u-d-f` polygon, `u-d-c-c` circle or ellipse), video feeds, incident
 * and point markers, and TAK's delete task `t-x-d-d`. The shapes come from node-cot's own GeoJSON
 * reading, so a rectangle's four corners are closed and a circle is a polygon as TAK tools draw it.
 */

/** ATAK's geofence triggers; Argus's geofence rule alerts on entry and resolves or notes the exit. */
const TRIGGERS = { entry: 'entry', exit: 'exit', both: 'both' } as const;
export type GeofenceTrigger = (typeof TRIGGERS)[keyof typeof TRIGGERS];

export type CotItem =
  | {
      kind: 'drawing';
      uid: string;
      type: string;
      name: string;
      /** A closed shape, or null with why not (an open line, a circle without its size). */
      geometry: ZoneGeometry | null;
      problem: string | null;
      /** Set when the drawing carries `__geofence`. */
      geofence: GeofenceTrigger | null;
      /** The device that drew it, when the event says so (`<creator>` or a `p-p` link). */
      authorUid: string | null;
      xml: string;
    }
  | {
      kind: 'video';
      uid: string;
      name: string;
      /** Where the feed plays from: `__video url`, or made from its ConnectionEntry; null with why not. */
      url: string | null;
      problem: string | null;
      location: { lat: number; lon: number } | null;
      /** From `<sensor>`, when the device drew the camera's view. */
      heading: number | null;
      fov: number | null;
      rangeM: number | null;
      authorUid: string | null;
      xml: string;
    }
  | {
      /** An incident report (`a-.-X-*`): filed as a field report, not a contact. */
      kind: 'incident-report';
      uid: string;
      type: string;
      title: string;
      remarks: string;
      location: { lat: number; lon: number } | null;
      authorUid: string | null;
    }
  | {
      /** A point marker (`b-m-p-*`): a spot map, waypoint, checkpoint or other point (docs/decisions/0072-tak-map-points.md). */
      kind: 'marker';
      uid: string;
      type: string;
      callsign: string;
      remarks: string;
      /** Null with `problem` when the point is off the globe. */
      location: { lat: number; lon: number } | null;
      problem: string | null;
      /** ATAK's `<color argb>`, a signed 32-bit ARGB, when it is one. */
      colourArgb: number | null;
      iconsetPath: string | null;
      /** The event's `stale`, epoch ms; NaN when unreadable. */
      staleAt: number;
      authorUid: string | null;
      xml: string;
    }
  | { kind: 'removal'; uid: string; targetUid: string; senderUid: string | null };

const DRAWING_TYPES = new Set(['u-d-r', 'u-d-f', 'u-d-c-c', 'u-d-c-e']);

export function isDrawingType(type: string): boolean {
  return DRAWING_TYPES.has(type);
}

/** TAK's point markers: spot maps `b-m-p-s-m`, waypoints `b-m-p-w*`, checkpoints `b-m-p-c*` and the rest. */
export function isPointMarkerType(type: string): boolean {
  return type === 'b-m-p' || type.startsWith('b-m-p-');
}

/** Battle dimension X ("other"): ATAK's incident markers, never a device's own position. */
export function isIncidentMarkerType(type: string): boolean {
  return /^a-[a-z]-X(-|$)/.test(type);
}

/** The item this event is, or null when it is none of them. */
export function readItem(cot: CoT, type: string, uid: string, xml: string): CotItem | null {
  const detail = (cot.raw.event.detail ?? {}) as XmlNode;
  if (type === 't-x-d-d') {
    const target = links(detail).find((link) => link.uid && !link.point)?.uid;
    return target ? { kind: 'removal', uid, targetUid: target, senderUid: authorOf(detail, target) } : null;
  }
  if (type === 'b-i-v') return readVideo(cot, uid, detail, xml);
  if (isPointMarkerType(type)) return readMarker(cot, uid, type, detail, xml);
  if (isIncidentMarkerType(type)) {
    const point = node(cot.raw.event.point)?._attributes;
    const lat = Number(point?.lat);
    const lon = Number(point?.lon);
    return {
      kind: 'incident-report',
      uid,
      type,
      title: text(node(detail.contact)?._attributes?.callsign) || type,
      remarks: text(node(detail.remarks)?._text) ?? '',
      location: Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null,
      authorUid: authorOf(detail),
    };
  }
  if (!isDrawingType(type)) return null;
  const trigger = node(detail.__geofence)?._attributes?.trigger?.trim().toLowerCase();
  const shape = shapeOf(cot, type);
  return {
    kind: 'drawing',
    uid,
    type,
    name: node(detail.contact)?._attributes?.callsign?.trim() ?? '',
    ...shape,
    geofence: node(detail.__geofence) ? (TRIGGERS[trigger as keyof typeof TRIGGERS] ?? 'entry') : null,
    authorUid: authorOf(detail),
    xml,
  };
}

function shapeOf(cot: CoT, type: string): { geometry: ZoneGeometry | null; problem: string | null } {
  let geometry: { type: string; coordinates: unknown };
  try {
    geometry = cot.to_geojson().geometry;
  } catch (error) {
    // node-cot refuses a circle without its ellipse, and a polygon without a vertex.
    return { geometry: null, problem: `an unreadable ${type} drawing (${error instanceof Error ? error.message : String(error)})` };
  }
  if (geometry.type !== 'Polygon') return { geometry: null, problem: `an open ${type} line, not a closed shape` };
  const coordinates = geometry.coordinates as number[][][];
  // Heights are dropped: a zone is a plan shape.
  return { geometry: { type: 'Polygon', coordinates: coordinates.map((ring) => ring.map(([lon, lat]) => [lon!, lat!])) }, problem: null };
}

function readMarker(cot: CoT, uid: string, type: string, detail: XmlNode, xml: string): CotItem {
  const location = pointOf(cot);
  const argb = Number(node(detail.color)?._attributes?.argb);
  return {
    kind: 'marker',
    uid,
    type,
    callsign: text(node(detail.contact)?._attributes?.callsign) || '',
    remarks: text(node(detail.remarks)?._text) ?? '',
    location,
    problem: location ? null : 'a point marker off the globe',
    // ATAK writes the colour as a signed int; an unsigned one (0xffff0000) is the same colour.
    colourArgb: Number.isInteger(argb) && argb >= -(2 ** 31) && argb < 2 ** 32 ? argb | 0 : null,
    iconsetPath: text(node(detail.usericon)?._attributes?.iconsetpath)?.slice(0, 300) || null,
    staleAt: Date.parse(String(cot.raw.event._attributes?.stale ?? '')),
    authorUid: authorOf(detail),
    xml,
  };
}

/** The event's point, when it is on the globe. */
function pointOf(cot: CoT): { lat: number; lon: number } | null {
  const point = node(cot.raw.event.point)?._attributes;
  const lat = Number(point?.lat);
  const lon = Number(point?.lon);
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** ATAK's ConnectionEntry protocols that are not URL schemes as such. */
const PROTOCOL_SCHEMES: Record<string, string> = { raw: 'udp', hls: 'https' };

function readVideo(cot: CoT, uid: string, detail: XmlNode, xml: string): CotItem {
  const video = node(detail.__video);
  const entry = node(video?.ConnectionEntry)?._attributes;
  const sensor = node(detail.sensor)?._attributes;
  const point = node(cot.raw.event.point)?._attributes;
  const lat = Number(point?.lat);
  const lon = Number(point?.lon);
  // A feed not placed on the map (ATAK's video alias list) says 0,0; a camera needs a real place.
  const placed = Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (lat !== 0 || lon !== 0);
  const url = text(video?._attributes?.url) || urlOfEntry(entry);
  return {
    kind: 'video',
    uid,
    name: text(node(detail.contact)?._attributes?.callsign) || text(entry?.alias) || '',
    url,
    problem: url ? (placed ? null : 'a video feed with no place on the map') : 'a video feed with neither a url nor a ConnectionEntry',
    location: placed ? { lat, lon } : null,
    heading: finite(sensor?.azimuth),
    fov: finite(sensor?.fov),
    rangeM: finite(sensor?.range),
    authorUid: authorOf(detail),
    xml,
  };
}

/** `protocol://address:port/path`, as ATAK plays a ConnectionEntry. */
function urlOfEntry(entry: Record<string, string | undefined> | undefined): string | null {
  const protocol = text(entry?.protocol)?.toLowerCase();
  const address = text(entry?.address);
  if (!protocol || !address) return null;
  const port = Number(entry?.port);
  const path = text(entry?.path) ?? '';
  const host = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
  return `${PROTOCOL_SCHEMES[protocol] ?? protocol}://${host}${Number.isInteger(port) && port > 0 ? `:${port}` : ''}${path && !path.startsWith('/') ? '/' : ''}${path}`;
}

/** node-cot's schema reads some attributes (a sensor's azimuth, a port) as numbers. */
function finite(value: unknown): number | null {
  const number = value === undefined || value === null || String(value).trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : null;
}

function text(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value).trim();
}

/** `<creator uid>` (ATAK 4.6+), else a `p-p` link naming a device rather than a vertex. */
function authorOf(detail: XmlNode, except?: string): string | null {
  const creator = node(detail.creator)?._attributes?.uid;
  if (creator) return creator;
  return links(detail).find((link) => link.uid && link.uid !== except && link.relation === 'p-p' && !link.point)?.uid ?? null;
}

function links(detail: XmlNode): Record<string, string | undefined>[] {
  const raw = detail.link;
  return (Array.isArray(raw) ? raw : [raw]).flatMap((link) => {
    const attributes = node(link)?._attributes;
    return attributes ? [attributes] : [];
  });
}

function node(value: unknown): XmlNode | undefined {
  if (Array.isArray(value)) return node(value[0]);
  return value !== null && typeof value === 'object' ? (value as XmlNode) : undefined;
}
