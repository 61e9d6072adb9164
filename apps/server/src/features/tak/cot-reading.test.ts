import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alert911, cancel911, geoChat, ping, pli } from '../../../test/tak-cot';
import { COT_MAX_EVENT_BYTES, CotFrameTooLarge, CotFramer } from './cot-framing';
import { CotRefused, readCot } from './cot-reading';
import { pong, unitEmergency, unitSa } from './cot-writing';

const AT = Date.UTC(2026, 0, 1, 12);
const realDrawing = fs.readFileSync(new URL('../../../test/fixtures/cot/drawing-polygon-u-d-f.xml', import.meta.url), 'utf8');

describe('reading CoT', () => {
  it('reads ATAK’s PLI in single quotes with the prolog, stale before time, unknown height', () => {
    expect(readCot(pli('ANDROID-a1', 'VIPER 1', AT, 51.5, -0.12))).toMatchObject({
      kind: 'sa',
      uid: 'ANDROID-a1',
      type: 'a-f-G-U-C',
      callsign: 'VIPER 1',
      lat: 51.5,
      lon: -0.12,
      speed: 3.25,
      course: 271.5,
      battery: 76,
      time: AT,
    });
  });

  it('reads the same event in double quotes, without prolog, with whitespace between elements', () => {
    const spaced = pli('ANDROID-a1', 'VIPER 1', AT, 1, 2)
      .replace(/^<\?xml[^>]*>\n/, '')
      .replaceAll("'", '"')
      .replaceAll('><', '>\n  <');
    expect(readCot(spaced)).toMatchObject({ kind: 'sa', lat: 1, lon: 2, callsign: 'VIPER 1' });
  });

  it('treats 9999999 speed and course as unknown', () => {
    const xml = pli('X', 'X', AT, 1, 2).replace("course='271.5' speed='3.25'", "course='9999999.0' speed='9999999.0'");
    expect(readCot(xml)).toMatchObject({ speed: null, course: null });
  });

  it('reads a GeoChat with its sender and decoded text', () => {
    expect(readCot(geoChat('ANDROID-a1', 'VIPER 1', 'm-1', AT, 'Road blocked &amp; &lt;icy&gt;'))).toEqual({
      kind: 'chat',
      uid: 'GeoChat.ANDROID-a1.All Chat Rooms.m-1',
      senderUid: 'ANDROID-a1',
      callsign: 'VIPER 1',
      room: 'All Chat Rooms',
      roomId: 'All Chat Rooms',
      parent: 'RootContactGroup',
      members: [],
      messageId: 'm-1',
      text: 'Road blocked & <icy>',
      time: AT,
    });
  });

  it('reads the 911 alert, its cancel and a ping', () => {
    expect(readCot(alert911('ANDROID-a1', 'VIPER 1', AT, 3, 4))).toMatchObject({
      kind: 'emergency',
      senderUid: 'ANDROID-a1',
      alert: '911 Alert',
      lat: 3,
      lon: 4,
    });
    expect(readCot(cancel911('ANDROID-a1', 'VIPER 1', AT))).toMatchObject({ kind: 'emergency-cancel', senderUid: 'ANDROID-a1' });
    expect(readCot(ping('ANDROID-a1', AT))).toMatchObject({ kind: 'ping' });
  });

  it('reads the real relayed drawing (stale before time, long height sentinel) as a drawing', () => {
    expect(readCot(realDrawing)).toMatchObject({ kind: 'drawing', uid: 'PKN8KEM-d92f78b6-6424-4411-b758-71b4aa2a0bd4', type: 'u-d-f' });
  });

  it.each([
    ['a DOCTYPE', `<!DOCTYPE event [<!ELEMENT event ANY>]>${ping('X', AT)}`, /DOCTYPE/],
    ['an entity declaration', ping('X', AT).replace('<detail/>', '<!ENTITY lol "lol"><detail/>'), /entity/],
    ['an undeclared entity', pli('X', 'X&lol;', AT, 1, 2), /Not a CoT event/],
    ['garbage bytes', '\u0000\u0001\u00bf garbage </event>', /Not a CoT event/],
    ['a latitude off the globe', pli('X', 'X', AT, 91, 2), /off the globe/],
    ['a longitude that is no number', pli('X', 'X', AT, 1, Number.NaN), /off the globe/],
    ['a blank latitude', pli('X', 'X', AT, 1, 2).replace("lat='1'", "lat=''"), /off the globe/],
    ['a latitude of white space', pli('X', 'X', AT, 1, 2).replace("lat='1'", "lat=' '"), /off the globe/],
    ['deep nesting', ping('X', AT).replace('<detail/>', `<detail>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</detail>`), /nested deeper/],
  ])('refuses %s', (_name, xml, message) => {
    expect(() => readCot(xml)).toThrow(CotRefused);
    expect(() => readCot(xml)).toThrow(message);
  });
});

describe('framing a CoT stream', () => {
  it('cuts events at </event>, across chunks and inside multi-byte characters', () => {
    const stream = Buffer.from(`${ping('A', AT)}\n${geoChat('A', 'A', 'm', AT, 'Grüße 🚒')}`);
    const framer = new CotFramer();
    const events: string[] = [];
    for (let i = 0; i < stream.length; i += 7) events.push(...framer.push(stream.subarray(i, i + 7)).map((frame) => frame.xml));
    expect(events).toHaveLength(2);
    expect(readCot(events[1]!)).toMatchObject({ text: 'Grüße 🚒' });
    expect(framer.hasUnfinishedEvent()).toBe(false);
    framer.push(Buffer.from('\n  <event version="2.0"'));
    expect(framer.hasUnfinishedEvent()).toBe(true);
  });

  it('refuses an event over the cap, finished or not', () => {
    const big = `<event>${'x'.repeat(COT_MAX_EVENT_BYTES)}`;
    expect(() => new CotFramer().push(Buffer.from(big))).toThrow(CotFrameTooLarge);
    expect(() => new CotFramer().push(Buffer.from(`${big}</event>`))).toThrow(CotFrameTooLarge);
  });
});

describe('writing CoT', () => {
  const unit = {
    id: 'u1',
    callsign: 'MEDIC 4',
    kind: 'medical' as const,
    status: 'available' as const,
    members: [],
    position: { location: { lat: 10, lon: 20 }, heading: 90, speed: 5, at: AT },
    emergency: { since: AT, raisedBy: 'Sam', location: { lat: 11, lon: 21 } },
    updatedAt: AT,
  };

  it('writes strict XML that reads back', () => {
    expect(readCot(unitSa(unit, AT)!)).toMatchObject({
      kind: 'sa',
      uid: 'argus-unit-u1',
      callsign: 'MEDIC 4',
      lat: 10,
      lon: 20,
      speed: 5,
      course: 90,
    });
    expect(readCot(unitEmergency(unit, AT)!)).toMatchObject({ kind: 'emergency', senderUid: 'argus-unit-u1', lat: 11, lon: 21 });
    expect(pong(AT)).toContain('type="t-x-c-t-r"');
    const awkward = { ...unit, callsign: `A"<&'B>` };
    expect(readCot(unitSa(awkward, AT)!)).toMatchObject({ callsign: `A"<&'B>` });
    expect(unitEmergency(awkward, AT)).toContain('A&quot;&lt;&amp;&apos;B&gt;-Alert');
    expect(unitEmergency(awkward, AT)).toContain(`>A"&lt;&amp;'B&gt;</emergency>`);
  });
});
