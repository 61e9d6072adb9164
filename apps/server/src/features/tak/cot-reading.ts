import CoT from '@tak-ps/node-cot';
import { COT_MAX_DEPTH } from './cot-limits';
import { plainDecimal } from './cot-decimal';
import { readPliFast, type PliFields } from './cot-pli-reader';
import { readCanonicalPli } from './cot-pli-shape';
import { cotTime } from './cot-time';
import { GeoChatUnreadable, linkedUid, readChatReceipt, readGeoChat, type ChatReceipt, type GeoChat } from './cot-chat-reading';
import { readItem, type CotItem } from './cot-items-reading';

/**
 * Reads one CoT event into what Argus acts on (docs/decisions/0061-tak-cot-endpoint-first-slice.md).
 * Lenient where TAK clients differ (either quote style, with or without the XML prolog, whitespace,
 * the unknown-height sentinel 9999999.0, attributes in any order); strict about anything that could
 * hurt the server: a DOCTYPE or entity declaration, deep nesting, or coordinates off the globe are
 * refused before or after the parser sees them.
 */

/** Any start, end or empty tag, for counting depth. */
const TAG = /<(\/?)[A-Za-z_][^<>]*?(\/?)>/g;

/** TAK's "not known" for heights and errors. */
const UNKNOWN = 9_999_999;

export type CotMessage =
  | {
      kind: 'sa';
      uid: string;
      type: string;
      callsign: string;
      lat: number;
      lon: number;
      /** Metres per second, when the device knows. */
      speed: number | null;
      /** Degrees from north, when the device knows. */
      course: number | null;
      battery: number | null;
      time: number;
      xml: string;
    }
  | GeoChat
  | ChatReceipt
  /** ATAK's emergencies: 911, ring the bell, in contact, geofence breached; `alert` names which. */
  | { kind: 'emergency'; uid: string; senderUid: string; alert: EmergencyAlert; lat: number; lon: number; time: number }
  | { kind: 'emergency-cancel'; uid: string; senderUid: string; time: number }
  | { kind: 'ping'; uid: string }
  /** Drawings and deletions (docs/decisions/0068-tak-items-from-devices.md). */
  | CotItem
  /** Anything Argus does not map (routes, sensors, …): relayed, logged, dropped. */
  | { kind: 'other'; uid: string; type: string };

export class CotRefused extends Error {}

/** The emergency types ATAK's alert button sends, by the name it gives them. */
const EMERGENCY_TYPES = {
  'b-a-o-tbl': '911 Alert',
  'b-a-o-pan': 'Ring The Bell',
  'b-a-o-opn': 'In Contact',
  'b-a-g': 'Geo-fence Breached',
} as const;
type EmergencyAlert = (typeof EMERGENCY_TYPES)[keyof typeof EMERGENCY_TYPES];

type Attributes = Record<string, string | undefined>;
interface Node {
  _attributes?: Attributes;
  _text?: string;
  [child: string]: unknown;
}

export function readCot(xml: string): CotMessage {
  // Most of a stream is PLIs: those the fast reader understands skip node-cot (cot-pli-reader.ts).
  // It declines whatever refuseHostileMarkup would refuse, so that check runs before node-cot only.
  // The shape ATAK, iTAK and WinTAK send is read by one expression first (cot-pli-shape.ts).
  const pli = readCanonicalPli(xml) ?? readPliFast(xml);
  if (pli) return saOf(pli, xml);
  refuseHostileMarkup(xml);
  return viaNodeCot(xml);
}

/** The same, every event through node-cot: what the fast reader is measured and checked against. */
export function readCotWithNodeCot(xml: string): CotMessage {
  refuseHostileMarkup(xml);
  return viaNodeCot(xml);
}

function viaNodeCot(xml: string): CotMessage {
  let cot: CoT;
  try {
    cot = new CoT(xml);
  } catch (error) {
    throw new CotRefused(`Not a CoT event: ${firstLine(error)}`);
  }
  const event = cot.raw.event as unknown as Node & { point?: Node; detail?: Node };
  const attributes = event._attributes ?? {};
  const uid = attributes.uid ?? '';
  const type = attributes.type ?? '';
  const time = cotTime(attributes.time);
  const detail = event.detail ?? {};

  if (type === 't-x-c-t') return { kind: 'ping', uid };
  const item = readItem(cot, type, uid, xml);
  if (item) return item;

  try {
    if (type === 'b-t-f') return readGeoChat(uid, detail, time);
    if (type === 'b-t-f-d' || type === 'b-t-f-r') return readChatReceipt(uid, type, detail, time);
  } catch (error) {
    if (error instanceof GeoChatUnreadable) throw new CotRefused(error.message);
    throw error;
  }

  if (type === 'b-a-o-can') {
    return { kind: 'emergency-cancel', uid, senderUid: linkedUid(detail) ?? emitterOfAlert(uid), time };
  }

  const { lat, lon } = pointOf(event.point?._attributes?.lat, event.point?._attributes?.lon);

  if (type in EMERGENCY_TYPES) {
    const alert = EMERGENCY_TYPES[type as keyof typeof EMERGENCY_TYPES];
    return { kind: 'emergency', uid, senderUid: linkedUid(detail) ?? emitterOfAlert(uid), alert, lat, lon, time };
  }

  // Atoms (a-…): friendly, hostile, any battle dimension; only a device's own SA names a contact.
  if (/^a-[a-z]-[A-Z]/.test(type)) {
    const track = node(detail.track)?._attributes;
    return saOf(
      {
        uid,
        type,
        time: attributes.time ?? '',
        lat: String(lat),
        lon: String(lon),
        callsign: node(detail.contact)?._attributes?.callsign,
        speed: track?.speed,
        course: track?.course,
        battery: node(detail.status)?._attributes?.battery,
      },
      xml,
    );
  }
  return { kind: 'other', uid, type };
}

/** A device's SA from its attributes, whichever reader found them. */
function saOf(fields: PliFields, xml: string): CotMessage {
  const { uid } = fields;
  return {
    kind: 'sa',
    uid,
    type: fields.type,
    callsign: fields.callsign?.trim() || uid,
    // Read and checked in place: no point-shaped object per event, as the tak-cot bench's PLIs are many.
    lat: coordinate(fields.lat, 90, fields),
    lon: coordinate(fields.lon, 180, fields),
    speed: known(fields.speed, 0, 400),
    course: known(fields.course, 0, 360),
    battery: known(fields.battery, 0, 100),
    time: cotTime(fields.time),
    xml,
  };
}

/**
 * The parser (xml-js over sax) neither loads external entities nor expands declared ones, but a
 * DOCTYPE has no place in CoT and a refusal names the problem; nesting is bounded because the
 * schema check that follows walks the tree.
 */
export function refuseHostileMarkup(xml: string): void {
  // Both declarations begin "<!": most events have none, and one search for it is cheaper than two.
  if (xml.includes('<!') && (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)))
    throw new CotRefused('A DOCTYPE or entity declaration in a CoT event.');
  let depth = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(xml); match; match = TAG.exec(xml)) {
    if (match[1]) depth -= 1;
    else if (!match[2]) depth += 1;
    if (depth > COT_MAX_DEPTH) throw new CotRefused(`A CoT event nested deeper than ${COT_MAX_DEPTH} elements.`);
  }
}

function pointOf(latText: string | undefined, lonText: string | undefined): { lat: number; lon: number } {
  const at = { lat: latText, lon: lonText };
  return { lat: coordinate(latText, 90, at), lon: coordinate(lonText, 180, at) };
}

/** A latitude (`limit` 90) or longitude (180); one off the globe refuses the event, naming both. */
function coordinate(text: string | undefined, limit: number, point: { lat: string | undefined; lon: string | undefined }): number {
  let value = text === undefined ? Number.NaN : plainDecimal(text);
  // Number('') and Number(' ') are 0: a blank coordinate would put the event at 0, 0.
  if (Number.isNaN(value) && text?.trim()) value = Number(text);
  if (Number.isFinite(value) && Math.abs(value) <= limit) return value;
  throw new CotRefused(`Coordinates off the globe: lat ${point.lat ?? '?'}, lon ${point.lon ?? '?'}.`);
}

/** A number in range, or null for missing, unknown (9999999) or nonsense values. */
function known(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  let number = plainDecimal(value);
  if (Number.isNaN(number)) {
    if (value.trim() === '') return null;
    number = Number(value);
  }
  if (!Number.isFinite(number) || number === UNKNOWN || number < min || number > max) return null;
  return number;
}

/** ATAK names its 911 alert "<device uid>-9-1-1". */
function emitterOfAlert(uid: string): string {
  return uid.replace(/-9-1-1$/, '');
}

function node(value: unknown): Node | undefined {
  if (Array.isArray(value)) return node(value[0]);
  return value !== null && typeof value === 'object' ? (value as Node) : undefined;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}
