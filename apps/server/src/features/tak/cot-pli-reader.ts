/**
 * A fast reader for the one event a TAK network carries most: a device's PLI (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md).
 * node-cot (xml-js over sax, then a schema check) costs about 80 µs an event, which caps a stream
 * near 12 000 PLIs a second; this reads the same few fields in a single pass over the tags.
 *
 * It is a fast path, never a second parser with its own rules: it answers only for a PLI whose
 * every byte it understands — a prolog, tags with quoted attributes, whitespace between them,
 * the five XML entities and numeric references — and returns null for anything else (comments,
 * CDATA, text content, other entities, a repeated element it reads, a missing attribute), which
 * then goes to node-cot as before. The hostile-input guarantees are kept, not restated: the size
 * cap is the framer's; this reader declines every event `refuseHostileMarkup` (cot-reading.ts)
 * would refuse — DOCTYPE, entity declarations, deep nesting — so that check runs before node-cot
 * only; coordinates off the globe are refused by the caller's checks on what this returns,
 * exactly as on node-cot's result. One difference is deliberate: node-cot's schema also
 * checks detail elements Argus does not read (a `<uid>` without `Droid`, say) and refuses the event
 * for them; this reader, lenient as issue 18 asks of reading, lets such a PLI through.
 *
 * `readCot` tries `readCanonicalPli` (cot-pli-shape.ts) first: one expression over the shape ATAK,
 * iTAK and WinTAK send, which answers only for text this reader accepts, read to the same fields.
 */

import { isIncidentMarkerType } from './cot-items-reading';
import { COT_MAX_DEPTH } from './cot-limits';

export interface PliFields {
  uid: string;
  type: string;
  time: string;
  lat: string;
  lon: string;
  /** From <contact>, <track> and <status> in <detail>, when present once. */
  callsign: string | undefined;
  speed: string | undefined;
  course: string | undefined;
  battery: string | undefined;
}

/** One tag and its attributes' syntax: a name, `=` and a value in either quotes, without `<`. */
const TAG = /<\/?[A-Za-z_][\w.-]*(?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*\/?>/y;
const SA_TYPE = /^a-[a-z]-[A-Z]/;
const PROLOG = /<\?xml[^?<>]*\?>/y;

const SLASH = 0x2f;
const QUOTE = 0x22;

/**
 * The tag the scan last read (scanTag), and its attributes as offsets into the event's text:
 * [nameStart, nameEnd, valueStart, valueEnd] each. Module scratch, not objects per tag: the reader
 * runs to the end without yielding, so one event at a time uses them.
 */
const tag = {
  closing: false,
  selfClosing: false,
  nameStart: 0,
  nameEnd: 0,
  hasAttributes: false,
  /** How many attributes `readAttributes` found; -1 until it has read them. */
  attributeCount: -1,
  /** A value holds `&`: a reference to resolve and check. */
  hasReference: false,
  /**
   * How `refuseHostileMarkup` counts this tag's depth: it ends a tag at its first `>`, which a
   * quoted value may hold. +1 opens, 0 closes itself, -1 closes.
   */
  hostileDepth: 0,
  end: 0,
};
const offsets: number[] = [];
/** The open elements, as [nameStart, nameEnd] pairs. */
const stack: number[] = [];
/** Where the next `&` of the event stands, or -1: searched once per event, not once per tag. */
let nextReference = -1;

/**
 * The PLI's fields, or null when the event is not one this reader answers for.
 *
 * Hand-written over offsets into the text, with no object per tag or attribute: in the tak-cot
 * bench's server profile (30 000 PLIs a round) the reader that captured every tag with a regular
 * expression and built a record of each read element's attributes, plus `refuseHostileMarkup`'s
 * own pass over the tags, cost about 6 µs an event, the endpoint's largest share; this reader with
 * `saOf` about 2.5 µs (3.2 µs for the old reader alone, 2.1 µs for this one, on the same PLIs).
 * Each tag's syntax is still checked by one expression (TAG), in native code; only the five
 * elements read have their attributes located (each name found by its `=`, in native code: 3.4 →
 * 2.7 µs a PLI at load 6), and only values holding `&` are resolved.
 * It accepts exactly the text the old reader did; `cot-pli-reader.test.ts` checks each variant
 * against node-cot.
 */
export function readPliFast(xml: string): PliFields | null {
  let at = afterProlog(xml);
  nextReference = xml.indexOf('&');
  stack.length = 0;
  let fields: PliFields | null = null;
  let pointSeen = false;
  let detailSeen = false;
  let inDetail = false;
  let hostileDepth = 0;
  const seen = { contact: false, track: false, status: false };
  while (at < xml.length) {
    if (!scanTag(xml, at)) return null;
    at = tag.end;
    hostileDepth += tag.hostileDepth;
    if (hostileDepth > COT_MAX_DEPTH) return null;
    const { nameStart, nameEnd } = tag;
    if (tag.closing) {
      if (tag.hasAttributes || tag.selfClosing || stack.length === 0) return null;
      const openEnd = stack.pop()!;
      const openStart = stack.pop()!;
      if (!sameText(xml, openStart, openEnd, nameStart, nameEnd)) return null;
      if (stack.length === 2) inDetail = false;
    } else {
      const depth = stack.length / 2;
      const read = depth === 2 && inDetail ? readInDetail(xml) : null;
      if (depth === 0) {
        if (!isName(xml, 'event') || fields || !attributesReadable(xml)) return null;
        fields = eventFields(xml);
        if (!fields) return null;
      } else if (depth === 1) {
        if (isName(xml, 'point') && !pointSeen) {
          pointSeen = true;
          if (!attributesReadable(xml) || !pointFields(xml, fields!)) return null;
        } else if (isName(xml, 'detail') && !detailSeen) {
          detailSeen = true;
          inDetail = !tag.selfClosing;
        } else return null;
      } else if (!inDetail) return null;
      else if (read) {
        // A repeated element is an array to xml-js; node-cot decides what it means.
        if (seen[read] || !attributesReadable(xml)) return null;
        seen[read] = true;
        if (read === 'contact') fields!.callsign = valueOf(xml, 'callsign');
        else if (read === 'track') {
          fields!.speed = valueOf(xml, 'speed');
          fields!.course = valueOf(xml, 'course');
        } else fields!.battery = valueOf(xml, 'battery');
      }
      // An element Argus does not read: the scan has checked its attributes' syntax, and node-cot
      // keeps the first of a repeated name as well; only a reference may still be one node-cot refuses.
      else if (tag.hasReference && !attributesReadable(xml)) return null;
      if (!tag.selfClosing) stack.push(nameStart, nameEnd);
    }
    // Only whitespace may stand between tags; any text is node-cot's to read.
    while (at < xml.length && isSpace(xml.charCodeAt(at))) at += 1;
    if (stack.length === 0) break;
  }
  if (stack.length !== 0 || !fields || !pointSeen || at !== xml.length) return null;
  return fields;
}

/** The event's own fields; null unless it has every attribute node-cot requires and is a PLI. */
function eventFields(xml: string): PliFields | null {
  if (find(xml, 'version') === -1 || find(xml, 'start') === -1 || find(xml, 'stale') === -1) return null;
  const uid = valueOf(xml, 'uid');
  const type = valueOf(xml, 'type');
  const time = valueOf(xml, 'time');
  if (uid === undefined || type === undefined || time === undefined || !SA_TYPE.test(type)) return null;
  // An incident marker is an atom too, but a report to file, not a position (cot-items-reading.ts).
  if (isIncidentMarkerType(type)) return null;
  return { uid, type, time, lat: '', lon: '', callsign: undefined, speed: undefined, course: undefined, battery: undefined };
}

/** The point's coordinates into `fields`; false unless it has every attribute node-cot requires. */
function pointFields(xml: string, fields: PliFields): boolean {
  if (find(xml, 'hae') === -1 || find(xml, 'ce') === -1 || find(xml, 'le') === -1) return false;
  const lat = valueOf(xml, 'lat');
  const lon = valueOf(xml, 'lon');
  if (lat === undefined || lon === undefined) return false;
  fields.lat = lat;
  fields.lon = lon;
  return true;
}

/** Where the event's first tag starts: past `^\s*(?:<\?xml[^?<>]*\?>)?\s*`, the prolog matched in native code. */
function afterProlog(xml: string): number {
  let at = 0;
  while (isJsSpace(xml.charCodeAt(at))) at += 1;
  PROLOG.lastIndex = at;
  if (!PROLOG.test(xml)) return at;
  at = PROLOG.lastIndex;
  while (isJsSpace(xml.charCodeAt(at))) at += 1;
  return at;
}

/**
 * Reads the tag at `at` into `tag`, or false when the text there is no tag of TAG's grammar. The
 * expression checks the tag's syntax in native code (0.4 µs for a PLI's eleven tags, against 1.7 µs
 * for the same check written out in a character loop); what it found is then read from the text.
 */
function scanTag(xml: string, at: number): boolean {
  TAG.lastIndex = at;
  if (!TAG.test(xml)) return false;
  const end = TAG.lastIndex;
  let index = at + 1;
  tag.closing = xml.charCodeAt(index) === SLASH;
  if (tag.closing) index += 1;
  tag.nameStart = index;
  while (isNameChar(xml.charCodeAt(index))) index += 1;
  tag.nameEnd = index;
  tag.selfClosing = xml.charCodeAt(end - 2) === SLASH;
  while (isJsSpace(xml.charCodeAt(index))) index += 1;
  tag.hasAttributes = index < end - (tag.selfClosing ? 2 : 1);
  tag.attributeCount = -1;
  tag.end = end;
  if (nextReference !== -1 && nextReference < at) nextReference = xml.indexOf('&', at);
  tag.hasReference = nextReference !== -1 && nextReference < end;
  const firstGt = xml.indexOf('>', at);
  const hostileSelfClosed = firstGt === end - 1 ? tag.selfClosing : xml.charCodeAt(firstGt - 1) === SLASH;
  tag.hostileDepth = tag.closing ? -1 : hostileSelfClosed ? 0 : 1;
  return true;
}

/**
 * The scanned tag's attributes into `offsets`, once per tag. TAG has checked their syntax (a name,
 * `\s*=\s*`, a quoted value), so each name ends at the next `=` less the spaces before it, and
 * native searches find the `=` and the closing quote: a loop over every name's characters was the
 * reader's largest cost in a profile on the bench's PLIs.
 */
function readAttributes(xml: string): void {
  if (tag.attributeCount !== -1) return;
  let count = 0;
  let index = tag.nameEnd;
  for (;;) {
    while (isJsSpace(xml.charCodeAt(index))) index += 1;
    if (!isAttributeNameStart(xml.charCodeAt(index))) break;
    const nameStart = index;
    const equals = xml.indexOf('=', index);
    let nameEnd = equals;
    while (isJsSpace(xml.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    index = equals + 1;
    while (isJsSpace(xml.charCodeAt(index))) index += 1;
    const close = xml.indexOf(xml.charCodeAt(index) === QUOTE ? '"' : "'", index + 1);
    offsets[count * 4] = nameStart;
    offsets[count * 4 + 1] = nameEnd;
    offsets[count * 4 + 2] = index + 1;
    offsets[count * 4 + 3] = close;
    count += 1;
    index = close + 1;
  }
  tag.attributeCount = count;
}

/** The index of the scanned tag's attribute `name`, or -1. */
function find(xml: string, name: string): number {
  readAttributes(xml);
  for (let index = 0; index < tag.attributeCount; index += 1) {
    const start = offsets[index * 4]!;
    if (offsets[index * 4 + 1]! - start === name.length && xml.startsWith(name, start)) return index;
  }
  return -1;
}

/** The value of the scanned tag's attribute `name`, its references resolved (checked beforehand). */
function valueOf(xml: string, name: string): string | undefined {
  const index = find(xml, name);
  if (index === -1) return undefined;
  const text = xml.slice(offsets[index * 4 + 2], offsets[index * 4 + 3]);
  return tag.hasReference ? (unescape(text) ?? undefined) : text;
}

/** The elements of <detail> read for a PLI. */
function readInDetail(xml: string): 'contact' | 'track' | 'status' | null {
  if (isName(xml, 'contact')) return 'contact';
  if (isName(xml, 'track')) return 'track';
  if (isName(xml, 'status')) return 'status';
  return null;
}

/** The scanned tag's attributes as node-cot reads them: no name twice, no reference it does not know. */
function attributesReadable(xml: string): boolean {
  readAttributes(xml);
  return (tag.attributeCount < 2 || namesUnique(xml)) && (!tag.hasReference || referencesKnown(xml));
}

function namesUnique(xml: string): boolean {
  for (let first = 0; first < tag.attributeCount; first += 1)
    for (let second = first + 1; second < tag.attributeCount; second += 1)
      if (sameText(xml, offsets[first * 4]!, offsets[first * 4 + 1]!, offsets[second * 4]!, offsets[second * 4 + 1]!)) return false;
  return true;
}

function referencesKnown(xml: string): boolean {
  for (let index = 0; index < tag.attributeCount; index += 1)
    if (unescape(xml.slice(offsets[index * 4 + 2], offsets[index * 4 + 3])) === null) return false;
  return true;
}

function isName(xml: string, name: string): boolean {
  return tag.nameEnd - tag.nameStart === name.length && xml.startsWith(name, tag.nameStart);
}

function sameText(xml: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let offset = 0; offset < aEnd - aStart; offset += 1)
    if (xml.charCodeAt(aStart + offset) !== xml.charCodeAt(bStart + offset)) return false;
  return true;
}

/** `[A-Za-z_]` */
function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

/** `[\w.-]` */
function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x2d;
}

/** `[A-Za-z_:]` */
function isAttributeNameStart(code: number): boolean {
  return isNameStart(code) || code === 0x3a;
}

/** JavaScript's `\s`: ECMAScript's white space and line terminators. */
function isJsSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The whitespace XML allows between tags. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(value: string): string | null {
  if (!value.includes('&')) return value;
  let failed = false;
  const result = value.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]+);|&/g, (whole, reference: string | undefined) => {
    if (reference === undefined) return ((failed = true), whole);
    if (reference.startsWith('#')) {
      const code = reference[1] === 'x' ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
      if (code > 0x10ffff || code === 0) return ((failed = true), whole);
      return String.fromCodePoint(code);
    }
    const named = NAMED[reference];
    if (named === undefined) failed = true;
    return named ?? whole;
  });
  return failed ? null : result;
}
