/**
 * One expression over a whole PLI of the shape ATAK, iTAK and WinTAK send
 * (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md): the prolog, `<event>` with its
 * attributes in one of the orders those clients write, `<point>`, and a `<detail>` of empty
 * elements in any order. Once it matched, what Argus reads is taken by offsets (for `<contact>`,
 * `<track>` and `<status>` once three short ones have checked their shapes), not found tag by tag
 * and attribute by attribute.
 *
 * It is a narrower fast path in front of `readPliFast` (cot-pli-reader.ts), never a reader with
 * rules of its own: every text it matches is one that reader accepts, read to the same fields, and
 * anything else — another order of attributes, an extra one on an element it reads, a value holding
 * `&`, `<` or `>`, a repeated element it reads, a detail element with children — returns null and
 * goes to that reader as before (`cot-pli-shape.test.ts` compares both on every fixture and on
 * generated variants). Values hold no `>` or `&`, so there is no reference to resolve and the
 * depth `refuseHostileMarkup` counts is the tags' own (three).
 */

import { isIncidentMarkerType } from './cot-items-reading';
import type { PliFields } from './cot-pli-reader';

/** ` name = value` in either quotes; whitespace as the tag reader allows it (JavaScript's `\s`). */
const is = String.raw`\s*=\s*`;
const value = String.raw`(?:'[^'<>&]*'|"[^"<>&]*")`;
/** Whitespace between tags: XML's, as the tag reader allows it. */
const between = String.raw`[ \t\r\n]*`;
const anyAttribute = String.raw`\s+[A-Za-z_:][\w.:-]*${is}${value}`;
const emptyElement = String.raw`${between}<[A-Za-z_][\w.-]*(?:${anyAttribute})*\s*\/>`;

const attribute = (name: string) => String.raw`\s+${name}${is}${value}`;

/**
 * Checked by `test`, then read by offsets (`nextValue`): a match array of fourteen groups and a
 * string per group cost the tak-cot bench more than walking to the five values it reads.
 * Written so that nothing backtracks more than linearly on a text that does not match (the
 * framer's cap bounds the text): the whitespace before the prolog is one run, each tag starts
 * at a `<`.
 */
const PLI = new RegExp(
  String.raw`^\s*(?:<\?xml[^?<>]*\?>\s*)?` +
    String.raw`<event${attribute('version')}${attribute('uid')}${attribute('type')}` +
    String.raw`(?:${attribute('time')}${attribute('start')}${attribute('stale')}${attribute('how')}` +
    String.raw`|${attribute('stale')}${attribute('time')}${attribute('start')}${attribute('how')}` +
    String.raw`|${attribute('how')}${attribute('time')}${attribute('start')}${attribute('stale')})\s*>` +
    String.raw`${between}<point${attribute('lat')}${attribute('lon')}${attribute('hae')}${attribute('ce')}${attribute('le')}\s*\/>` +
    String.raw`${between}<detail\s*>(?:${emptyElement})*${between}<\/detail\s*>${between}<\/event\s*>${between}$`,
);

/**
 * The three elements read, each in the shapes the tag reader reads them: checked by `test` (no
 * match array), their values then taken by offsets (`firstValue`, `lastValue`). Which attribute
 * comes first is told by its name's first letter.
 */
const CONTACT = new RegExp(
  String.raw`<contact(?:${attribute('endpoint')}${attribute('callsign')}|${attribute('callsign')}(?:${attribute('endpoint')})?)\s*\/>`,
  'y',
);
const TRACK = new RegExp(
  String.raw`<track(?:${attribute('course')}${attribute('speed')}|${attribute('speed')}${attribute('course')})\s*\/>`,
  'y',
);
const STATUS = new RegExp(String.raw`<status${attribute('battery')}\s*\/>`, 'y');

const SA_TYPE = /^a-[a-z]-[A-Z]/;

/** The PLI's fields when the event has the canonical shape, else null (then readPliFast reads it). */
export function readCanonicalPli(xml: string): PliFields | null {
  if (!PLI.test(xml)) return null;
  // The expression matched: `<event`'s attributes are version, uid, type and then time in one of three
  // places, `<point`'s lat and lon first. Values hold no `<`, so the first `<event` is the tag (the
  // prolog holds no `<` either) and the next `<` after its values is `<point`.
  cursor = xml.indexOf('<event');
  skipValue(xml);
  const uid = nextValue(xml);
  const type = nextValue(xml);
  // An incident marker is an atom too, but a report to file, not a position (cot-items-reading.ts).
  if (!SA_TYPE.test(type) || isIncidentMarkerType(type)) return null;
  if (nextNameLetter(xml) !== T) skipValue(xml);
  const time = nextValue(xml);
  cursor = xml.indexOf('<', cursor);
  const lat = nextValue(xml);
  const lon = nextValue(xml);
  const fields: PliFields = { uid, type, time, lat, lon, callsign: undefined, speed: undefined, course: undefined, battery: undefined };
  // Values hold no `<`, so every `<` begins a tag, and `<contact`, `<track` and `<status` are in
  // <detail> only (the event's and the point's names are fixed). A second one is an array to xml-js:
  // the tag reader declines it. One walk over the detail's tags finds them, not two searches each.
  if (!findElementsRead(xml)) return null;
  if (found.contact !== -1) {
    const end = endOf(xml, found.contact, CONTACT);
    if (end === -1) return null;
    fields.callsign = firstName(xml, found.contact, 'contact') === E ? lastValue(xml, end) : firstValue(xml, found.contact);
  }
  if (found.track !== -1) {
    const end = endOf(xml, found.track, TRACK);
    if (end === -1) return null;
    const courseFirst = firstName(xml, found.track, 'track') === C;
    fields.course = courseFirst ? firstValue(xml, found.track) : lastValue(xml, end);
    fields.speed = courseFirst ? lastValue(xml, end) : firstValue(xml, found.track);
  }
  if (found.status !== -1) {
    const end = endOf(xml, found.status, STATUS);
    if (end === -1) return null;
    fields.battery = firstValue(xml, found.status);
  }
  return fields;
}

/** Where `<contact`, `<track` and `<status` begin in the event just walked, -1 where it has none. */
const found = { contact: -1, track: -1, status: -1 };

const C = 'c'.charCodeAt(0);
const T = 't'.charCodeAt(0);
const S = 's'.charCodeAt(0);

/**
 * Sets `found` for each tag named with one of those prefixes (a `<contacts>` included, which the
 * tag reader would take as another element: its expression then does not match, and declining is
 * always safe); false when one is there twice. Walks from `<detail`, the fourth tag at most.
 */
function findElementsRead(xml: string): boolean {
  found.contact = found.track = found.status = -1;
  for (let at = xml.indexOf('<detail'); at !== -1; at = xml.indexOf('<', at + 1)) {
    const first = xml.charCodeAt(at + 1);
    if (first === C && xml.startsWith('contact', at + 1)) {
      if (found.contact !== -1) return false;
      found.contact = at;
    } else if (first === T && xml.startsWith('track', at + 1)) {
      if (found.track !== -1) return false;
      found.track = at;
    } else if (first === S && xml.startsWith('status', at + 1)) {
      if (found.status !== -1) return false;
      found.status = at;
    }
  }
  return true;
}

/** Where the element at `at` ends when it has the one shape `shape` reads, else -1. */
function endOf(xml: string, at: number, shape: RegExp): number {
  shape.lastIndex = at;
  return shape.test(xml) ? shape.lastIndex : -1;
}

const E = 'e'.charCodeAt(0);
const SINGLE = "'".charCodeAt(0);
const DOUBLE = '"'.charCodeAt(0);
const LOWEST = 'a'.charCodeAt(0);
const HIGHEST = 'z'.charCodeAt(0);

// Each element below has the shape its expression checked: between a tag's name and its first
// attribute's, between `=` and a value, and between the last value and `/>`, white space alone —
// which holds no letter and no quote, so the walks below stop at the right character without
// telling white space apart. Each walk still stops at the end of the text, so a caller that
// skipped that check cannot hang the event loop on a hostile event.

/** Where the event's walk (`nextValue`, `skipValue`) goes on from: just past the last value read. */
let cursor = 0;

/** The value of the next attribute from `cursor`, which then moves past it. */
function nextValue(xml: string): string {
  const open = valueStart(xml);
  const close = xml.indexOf(xml[open]!, open + 1);
  cursor = close + 1;
  return xml.slice(open + 1, close);
}

/** The same, the value not read. */
function skipValue(xml: string): void {
  const open = valueStart(xml);
  cursor = xml.indexOf(xml[open]!, open + 1) + 1;
}

/** The first letter of the next attribute's name from `cursor` (after a value, white space comes first). */
function nextNameLetter(xml: string): number {
  for (let index = cursor; index < xml.length; index += 1) {
    const code = xml.charCodeAt(index);
    if (code >= LOWEST && code <= HIGHEST) return code;
  }
  return -1;
}

/** The opening quote of the next attribute's value from `cursor`: names hold no `=`, values are quoted. */
function valueStart(xml: string): number {
  let open = xml.indexOf('=', cursor) + 1;
  while (open < xml.length && xml.charCodeAt(open) !== SINGLE && xml.charCodeAt(open) !== DOUBLE) open += 1;
  return open;
}

/** The first letter of the first attribute's name of the element at `at`, named `name` (-1: none). */
function firstName(xml: string, at: number, name: string): number {
  for (let index = at + 1 + name.length; index < xml.length; index += 1) {
    const code = xml.charCodeAt(index);
    if (code >= LOWEST && code <= HIGHEST) return code;
  }
  return -1;
}

/** The first attribute's value of the element at `at`. */
function firstValue(xml: string, at: number): string {
  let open = xml.indexOf('=', at) + 1;
  while (open < xml.length && xml.charCodeAt(open) !== SINGLE && xml.charCodeAt(open) !== DOUBLE) open += 1;
  return xml.slice(open + 1, xml.indexOf(xml[open]!, open + 1));
}

/** The last attribute's value of the element ending (after its `/>`) at `end`. */
function lastValue(xml: string, end: number): string {
  let close = end - 3;
  while (close > 0 && xml.charCodeAt(close) !== SINGLE && xml.charCodeAt(close) !== DOUBLE) close -= 1;
  return xml.slice(xml.lastIndexOf(xml[close]!, close - 1) + 1, close);
}
