import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alert911, cancel911, geoChat, pli } from '../../../test/tak-cot';
import { CotFrameTooLarge } from './cot-framing';
import { TakProtoFramer, TakProtocolGarbage, takFrame, takPayloadToXml, xmlToTakFrame } from './cot-protobuf';
import { CotRefused, readCot } from './cot-reading';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/cot');
const at = Date.parse('2026-03-01T10:00:00Z');
const samples: [string, string][] = [
  ['a PLI (hand-written, as ATAK sends)', pli('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', at, 51.5, -0.12)],
  ['a GeoChat (hand-written)', geoChat('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', 'm-1', at, 'Need water at the bridge &amp; the ford')],
  ['a 911 alert (hand-written)', alert911('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', at, 51.5, -0.12)],
  ['a 911 cancel (hand-written)', cancel911('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', at)],
  ['a 65-vertex drawing relayed by a TAK Server (real)', fs.readFileSync(path.join(fixtures, 'drawing-polygon-u-d-f.xml'), 'utf8')],
];

/** What Argus makes of an event, less the text it was read from. */
function meaning(xml: string) {
  const message = readCot(xml);
  return 'xml' in message ? { ...message, xml: undefined } : message;
}

describe('TAK Protocol v1 (protobuf)', () => {
  it.each(samples)('round-trips %s XML → protobuf → XML with the same meaning', (_name, xml) => {
    const frame = xmlToTakFrame(xml);
    expect(frame[0]).toBe(0xbf);
    const [payload] = new TakProtoFramer().push(frame);
    const back = takPayloadToXml(payload!)!;
    expect(meaning(back)).toEqual(meaning(xml));
    // And once more: what was decoded encodes to the same event again.
    expect(meaning(takPayloadToXml(new TakProtoFramer().push(xmlToTakFrame(back))[0]!)!)).toEqual(meaning(xml));
  });

  it('keeps every vertex of the real drawing and its geometry', () => {
    const xml = fs.readFileSync(path.join(fixtures, 'drawing-polygon-u-d-f.xml'), 'utf8');
    const back = takPayloadToXml(new TakProtoFramer().push(xmlToTakFrame(xml))[0]!)!;
    expect(back.match(/<link point=/g)?.length).toBe(xml.match(/<link point=/g)?.length);
    expect(back).toContain('uid="PKN8KEM-d92f78b6-6424-4411-b758-71b4aa2a0bd4"');
    expect(back).toContain('stale="2025-10-05T18:53:22.000Z"');
  });

  it('frames whatever way the bytes arrive: one at a time, or several frames in one read', () => {
    const frames = samples.map(([, xml]) => xmlToTakFrame(xml));
    const all = Buffer.concat(frames);
    const byteAtATime = new TakProtoFramer();
    const payloads = [...all].flatMap((byte) => byteAtATime.push(Buffer.from([byte])));
    expect(payloads.map((payload) => payload.length)).toEqual(frames.map((frame) => frame.length - (frame.length > 129 ? 3 : 2)));
    expect(byteAtATime.hasUnfinishedEvent()).toBe(false);
    expect(new TakProtoFramer().push(all)).toHaveLength(samples.length);
  });

  it('refuses a length over the cap from the header alone, before the payload comes', () => {
    const framer = new TakProtoFramer(1024);
    const header = takFrame(Buffer.alloc(2000)).subarray(0, 3);
    expect(() => framer.push(header)).toThrow(CotFrameTooLarge);
  });

  it('refuses a varint that never ends, a wrong magic byte and a payload that is no TakMessage', () => {
    expect(() => new TakProtoFramer().push(Buffer.from([0xbf, ...Array<number>(11).fill(0xff)]))).toThrow(TakProtocolGarbage);
    expect(() => new TakProtoFramer().push(Buffer.from('<event/>'))).toThrow(TakProtocolGarbage);
    expect(() => new TakProtoFramer().push(Buffer.from([0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]))).toThrow(CotFrameTooLarge);
    expect(() => takPayloadToXml(Buffer.from([0x12, 0x05, 0xff, 0xff, 0xff, 0xff, 0xff]))).toThrow(CotRefused);
  });

  it('refuses a DOCTYPE, an entity or deep nesting hidden in the xmlDetail', () => {
    const withDetail = (detail: string) => pli('ANDROID-1', 'X', at, 1, 2, detail);
    const doctype = Buffer.from(new TakProtoFramer().push(xmlToTakFrame(withDetail('<remarks>hi</remarks>')))[0]!);
    const hostile = Buffer.from(doctype.toString('latin1').replace('<remarks>hi</remarks>', '<!DOCTYPE x [<!ENTITY a "b">]>'), 'latin1');
    expect(() => takPayloadToXml(hostile)).toThrow(CotRefused);
    const deep = new TakProtoFramer().push(xmlToTakFrame(withDetail('<a>'.repeat(40) + '</a>'.repeat(40))))[0]!;
    expect(() => takPayloadToXml(deep)).toThrow(/nested deeper/);
  });
});
