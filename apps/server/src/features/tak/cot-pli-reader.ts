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
 * cap is the framer's, and `readCot` refuses DOCTYPE, entity declarations and deep nesting before
 * either reader runs; coordinates off the globe are refused by the caller's checks on what this
 * returns, exactly as on node-cot's result. One difference is deliberate: node-cot's schema also
 * checks detail elements Argus does not read (a `<uid>` without `Droid`, say) and refuses the event
 * for them; this reader, lenient as issue 18 asks of reading, lets such a PLI through.
 */

import { isIncidentMarkerType } from './cot-items-reading';

export interface PliFields {
  event: Record<string, string>;
  point: Record<string, string>;
  /** The attributes of <contact>, <track> and <status> in <detail>, when present once. */
  contact?: Record<string, string>;
  track?: Record<string, string>;
  status?: Record<string, string>;
}

const TAG = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;
const PROLOG = /^\s*(?:<\?xml[^?<>]*\?>)?\s*/;
const SA_TYPE = /^a-[a-z]-[A-Z]/;
const EVENT_REQUIRED = ['version', 'uid', 'type', 'time', 'start', 'stale'] as const;
const POINT_REQUIRED = ['lat', 'lon', 'hae', 'ce', 'le'] as const;
const READ_IN_DETAIL = new Set(['contact', 'track', 'status']);

/** The PLI's fields, or null when the event is not one this reader answers for. */
export function readPliFast(xml: string): PliFields | null {
  let at = PROLOG.exec(xml)![0].length;
  const stack: string[] = [];
  let fields: PliFields | null = null;
  let point: Record<string, string> | null = null;
  const seen = new Set<string>();
  while (at < xml.length) {
    TAG.lastIndex = at;
    const match = TAG.exec(xml);
    if (!match) return null;
    at = TAG.lastIndex;
    const [, closing, name, attributeText, selfClosing] = match as unknown as [string, string, string, string, string];
    if (closing) {
      if (attributeText || selfClosing || stack.pop() !== name) return null;
    } else {
      const depth = stack.length;
      if (depth === 0) {
        if (name !== 'event' || fields) return null;
        const event = attributes(attributeText);
        if (!event || EVENT_REQUIRED.some((key) => event[key] === undefined) || !SA_TYPE.test(event.type!)) return null;
        // An incident marker is an atom too, but a report to file, not a position (cot-items-reading.ts).
        if (isIncidentMarkerType(event.type!)) return null;
        fields = { event, point: {} };
      } else if (depth === 1) {
        if (name === 'point') {
          if (point) return null;
          point = attributes(attributeText);
          if (!point) return null;
        } else if (name !== 'detail' || seen.has('detail')) return null;
        seen.add(name);
      } else if (depth === 2 && stack[1] === 'detail' && READ_IN_DETAIL.has(name)) {
        // A repeated element is an array to xml-js; node-cot decides what it means.
        if (seen.has(name)) return null;
        seen.add(name);
        const values = attributes(attributeText);
        if (!values) return null;
        fields![name as 'contact' | 'track' | 'status'] = values;
      } else if (stack[1] !== 'detail') return null;
      // An element Argus does not read: TAG has checked its attributes' syntax, and node-cot keeps
      // the first of a repeated name as well; only a reference may still be one node-cot refuses.
      // Not building its attributes was a fifth of the reader's time in the tak-cot bench's profile.
      else if (attributeText.includes('&') && !attributes(attributeText)) return null;
      if (!selfClosing) stack.push(name);
    }
    // Only whitespace may stand between tags; any text is node-cot's to read.
    while (at < xml.length && isSpace(xml.charCodeAt(at))) at += 1;
    if (stack.length === 0) break;
  }
  if (stack.length !== 0 || !fields || !point || at !== xml.length) return null;
  if (POINT_REQUIRED.some((key) => point[key] === undefined)) return null;
  fields.point = point;
  return fields;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Attribute values with their references resolved; null for a duplicate name or an entity this does not know. */
function attributes(text: string): Record<string, string> | null {
  const values: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    const name = match[1]!;
    if (Object.hasOwn(values, name)) return null;
    const value = unescape(match[2] ?? match[3] ?? '');
    if (value === null) return null;
    values[name] = value;
  }
  return values;
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
