import fs from 'node:fs';
import CoT from '@tak-ps/node-cot';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@argus/contracts/http/alerts';
import { alertCotUid, alertMarker } from './cot-alert-writing';
import { deliveredReceipt, geoChat, userChatUid, type OutgoingChat } from './cot-chat-writing';
import { readCot } from './cot-reading';

const fixture = (name: string) => fs.readFileSync(new URL(`../../../test/fixtures/cot/${name}`, import.meta.url), 'utf8');
const SENDER = 'ANDROID-589520ccfcd20f01';
const PEER = 'ANDROID-e3a7bd5b39c54a05';
const AT = Date.UTC(2026, 2, 14, 10);

describe('GeoChat samples', () => {
  it('reads a chat to All Chat Rooms, with an entity in its text and a TAK Server’s extra elements', () => {
    expect(readCot(fixture('geochat-all-chat-rooms.xml'))).toEqual({
      kind: 'chat',
      uid: `GeoChat.${SENDER}.All Chat Rooms.4f3c2a8e-6d7b-4e1f-9a0c-5b2d8e7f6a13`,
      senderUid: SENDER,
      callsign: 'HOPLITE',
      room: 'All Chat Rooms',
      roomId: 'All Chat Rooms',
      parent: 'RootContactGroup',
      members: [],
      messageId: '4f3c2a8e-6d7b-4e1f-9a0c-5b2d8e7f6a13',
      text: 'Bridge on Mill Road is out, & the ford is flooded',
      time: Date.parse('2026-03-14T09:26:53.589Z'),
    });
  });

  it('reads a direct chat (single quotes, the prolog) as a room keyed by the other device', () => {
    expect(readCot(fixture('geochat-direct.xml'))).toMatchObject({
      kind: 'chat',
      senderUid: SENDER,
      room: 'DRAGON',
      roomId: PEER,
      members: [PEER],
      messageId: '9b1e7c44-2f0d-4a8b-b6e3-71c9d05a2e88',
      text: 'Meet at the east gate in 10',
    });
  });

  it('reads a team room with its members', () => {
    expect(readCot(fixture('geochat-team-room.xml'))).toMatchObject({ roomId: 'Cyan', parent: 'TeamGroups', members: [PEER] });
  });

  it('reads a read receipt naming its message and who read it', () => {
    const xml = fixture('chat-receipt-read.xml').replaceAll('MESSAGE_ID', 'm-42').replaceAll('SENDER_UID', 'argus-user-u1');
    expect(readCot(xml)).toEqual({
      kind: 'chat-receipt',
      uid: 'm-42',
      senderUid: SENDER,
      receipt: 'read',
      messageId: 'm-42',
      to: 'argus-user-u1',
      time: Date.parse('2026-03-14T09:45:12.004Z'),
    });
  });

  it('reads ring-the-bell, in-contact and geofence-breached as the device’s emergency', () => {
    for (const [name, alert] of [
      ['emergency-ring-the-bell.xml', 'Ring The Bell'],
      ['emergency-in-contact.xml', 'In Contact'],
      ['emergency-geofence-breached.xml', 'Geo-fence Breached'],
    ] as const)
      expect(readCot(fixture(name))).toMatchObject({ kind: 'emergency', senderUid: SENDER, alert, lat: 51.5091, lon: -0.1301 });
  });
});

describe('GeoChat written by Argus', () => {
  const chat = (room: OutgoingChat['room']): OutgoingChat => ({
    messageId: 'b0c1d2e3-0000-4000-8000-000000000001',
    senderUid: userChatUid('u-1'),
    senderCallsign: `Dana "D" O'Neil & <ops>`,
    text: 'Hold at <the> bridge & wait',
    room,
    at: AT,
  });

  it('round-trips a broadcast into All Chat Rooms with the sender’s callsign', () => {
    const read = readCot(geoChat(chat({ kind: 'all' })));
    expect(read).toEqual({
      kind: 'chat',
      uid: `GeoChat.argus-user-u-1.All Chat Rooms.b0c1d2e3-0000-4000-8000-000000000001`,
      senderUid: 'argus-user-u-1',
      callsign: `Dana "D" O'Neil & <ops>`,
      room: 'All Chat Rooms',
      roomId: 'All Chat Rooms',
      parent: 'RootContactGroup',
      members: [],
      messageId: 'b0c1d2e3-0000-4000-8000-000000000001',
      text: 'Hold at <the> bridge & wait',
      time: AT,
    });
  });

  it('round-trips a direct chat to a device and a group room of Argus’s own', () => {
    expect(readCot(geoChat(chat({ kind: 'direct', toUid: PEER, toCallsign: 'DRAGON' })))).toMatchObject({
      roomId: PEER,
      room: 'DRAGON',
      members: [PEER],
      parent: 'RootContactGroup',
    });
    const group = geoChat(chat({ kind: 'group', id: 'argus-conversation-unit-7', name: 'MEDIC 4 – command', members: [PEER] }));
    expect(readCot(group)).toMatchObject({
      roomId: 'argus-conversation-unit-7',
      room: 'MEDIC 4 – command',
      parent: 'UserGroups',
      members: [PEER],
    });
    // Strict when writing: double quotes, every attribute escaped.
    expect(group).not.toMatch(/='/);
    expect(group).toContain('senderCallsign="Dana &quot;D&quot; O&apos;Neil &amp; &lt;ops&gt;"');
  });

  it('writes a delivery receipt naming the chat it answers', () => {
    const xml = deliveredReceipt({ messageId: 'm-9', senderUid: SENDER, roomId: 'All Chat Rooms', room: 'All Chat Rooms' }, AT);
    expect(readCot(xml)).toMatchObject({ kind: 'chat-receipt', receipt: 'delivered', messageId: 'm-9', senderUid: 'argus-server' });
  });
});

describe('alerts written by Argus', () => {
  const alert = {
    id: 'a-1',
    title: 'Unit & <crowd> in zone',
    detail: 'MEDIC 4 entered Docks',
    severity: 'critical',
    location: { lat: 51.5, lon: -0.1 },
  } as Alert;

  it('writes an alert with a place as a marker, and none without one', () => {
    const cot = new CoT(alertMarker(alert, AT)!);
    expect(cot.raw.event._attributes).toMatchObject({ uid: alertCotUid('a-1'), type: 'b-m-p-s-m' });
    const detail = cot.raw.event.detail as { contact: { _attributes: { callsign: string } }; remarks: { _text: string } };
    expect(detail.contact._attributes.callsign).toBe('Alert: Unit & <crowd> in zone');
    expect(detail.remarks._text).toBe('Argus critical alert: MEDIC 4 entered Docks');
    expect(alertMarker({ ...alert, location: null }, AT)).toBeNull();
  });
});
