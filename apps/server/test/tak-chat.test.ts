import fs from 'node:fs';
import CoT from '@tak-ps/node-cot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { readCot, type CotMessage } from '../src/features/tak/cot-reading';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';
import { iso, ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';

/** The devices the GeoChat samples are from (fixtures/cot/README.md). */
const SENDER = 'ANDROID-589520ccfcd20f01';
const PEER = 'ANDROID-e3a7bd5b39c54a05';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/cot/${name}`, import.meta.url), 'utf8');

/** Every complete event a device was sent, read as Argus reads CoT. */
const receivedBy = (device: SimulatedDevice): CotMessage[] =>
  device.received
    .split('</event>')
    .slice(0, -1)
    .map((xml) => readCot(`${xml}</event>`));
const chatsOf = (device: SimulatedDevice) =>
  receivedBy(device).filter((event): event is Extract<CotMessage, { kind: 'chat' }> => event.kind === 'chat');
const receiptsOf = (device: SimulatedDevice) =>
  receivedBy(device).filter((event): event is Extract<CotMessage, { kind: 'chat-receipt' }> => event.kind === 'chat-receipt');

/** A GeoChat as ATAK writes one into a room it was shown (a reply in Argus's room, a direct chat to an Argus person). */
function chatInto(from: string, callsign: string, roomId: string, room: string, messageId: string, text: string, at: number): string {
  return (
    `<event version="2.0" uid="GeoChat.${from}.${roomId}.${messageId}" type="b-t-f" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 86_400_000)}" how="h-g-i-g-o">` +
    `<point lat="0.0" lon="0.0" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><__chat parent="RootContactGroup" groupOwner="false" messageId="${messageId}" chatroom="${room}" id="${roomId}" senderCallsign="${callsign}">` +
    `<chatgrp uid0="${from}" uid1="${roomId}" id="${roomId}"/></__chat><link uid="${from}" type="a-f-G-U-C" relation="p-p"/>` +
    `<remarks source="BAO.F.ATAK.${from}" to="${roomId}" time="${iso(at)}">${text}</remarks></detail></event>`
  );
}

describe.each(TEST_DIALECTS)('GeoChat between TAK devices and Argus on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let commandId: string;
  let medicCrew: Client;
  let rescueCrew: Client;
  let medicCrewId: string;
  let medic: string;
  const devices: SimulatedDevice[] = [];

  const contacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  const messages = async (client: Client, query: string) =>
    (await client.request('GET', `/messages?${query}`)).json().messages as { id: string; body: string; senderName: string }[];

  /** A plain-TCP device heard once, then bound to a unit by an administrator. */
  const boundDevice = async (uid: string, callsign: string, unitId: string) => {
    const device = await SimulatedDevice.connect(t.cot.port!);
    devices.push(device);
    device.send(pli(uid, callsign, t.clock.now(), 51.5, -0.12));
    await eventually(contacts, (list) => list.some((contact) => contact.uid === uid));
    expect((await command.request('PUT', `/tak/contacts/${uid}`, { unitId })).statusCode).toBe(200);
    return device;
  };
  /** Resolves once the server has handled everything the device sent before: a connection's events go in order. */
  const settled = async (device: SimulatedDevice, uid: string) => {
    const pongs = () => device.received.split('t-x-c-t-r').length - 1;
    const before = pongs();
    device.send(ping(uid, t.clock.now()));
    await device.until(() => pongs() > before);
  };
  const send = async (client: Client, body: Record<string, unknown>) => {
    const sent = await client.request('POST', '/messages', { clientId: crypto.randomUUID(), ...body });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().message as { id: string };
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0' });
    await t.app.ready();
    const admin = await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' });
    commandId = admin.id;
    command = await signIn(t.app, admin.email);
    const sam = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    const lee = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    medicCrewId = sam.id;
    medicCrew = await signIn(t.app, sam.email);
    rescueCrew = await signIn(t.app, lee.email);
    medic = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [sam.id] })).id;
    const rescue = (await t.services.units.create({ callsign: 'RESCUE 2', kind: 'rescue', members: [lee.id] })).id;
    // The peer connects first: a message goes to devices in the order they connected, so once the
    // sender has one, whether the peer got it was decided.
    await boundDevice(PEER, 'DRAGON', rescue);
    await boundDevice(SENDER, 'HOPLITE', medic);
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });
  const peer = () => devices[0]!;
  const sender = () => devices[1]!;

  it('takes “All Chat Rooms” from a field unit as its unit’s conversation with command: acknowledged, posted once, shown to no other device', async () => {
    const allRooms = fixture('geochat-all-chat-rooms.xml');
    sender().send(allRooms);
    sender().send(allRooms);
    await settled(sender(), SENDER);
    const thread = await messages(command, `channel=unit&targetId=${medic}`);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ body: 'Bridge on Mill Road is out, & the ford is flooded', senderName: 'Sam Ortiz' });
    expect(await messages(command, 'channel=broadcast')).toHaveLength(0);
    expect(receiptsOf(sender()).map((receipt) => [receipt.receipt, receipt.messageId])).toContainEqual([
      'delivered',
      '4f3c2a8e-6d7b-4e1f-9a0c-5b2d8e7f6a13',
    ]);

    // A later broadcast reaches the peer: by then it would have had the chat, had it gone to it.
    await send(command, { channel: 'broadcast', body: 'All units: stand by' });
    await peer().until((d) => chatsOf(d).some((chat) => chat.text === 'All units: stand by'));
    expect(peer().received).not.toContain('Mill Road');
  });

  it('sends command’s broadcast to every device in All Chat Rooms, and a unit’s conversation to that unit’s device in a room a reply comes back from', async () => {
    await send(command, { channel: 'broadcast', body: 'Road closures & <detours> from 10:00' });
    for (const device of [peer(), sender()]) {
      await device.until((d) => chatsOf(d).length > 0);
      expect(chatsOf(device)[0]).toMatchObject({
        roomId: 'All Chat Rooms',
        callsign: 'Dana Reyes',
        senderUid: `argus-user-${commandId}`,
        text: 'Road closures & <detours> from 10:00',
      });
    }

    const toMedic = await send(command, { channel: 'unit', targetId: medic, body: 'MEDIC 4, go to the east gate' });
    await sender().until((d) => chatsOf(d).some((chat) => chat.text === 'MEDIC 4, go to the east gate'));
    const inRoom = chatsOf(sender()).find((chat) => chat.messageId === toMedic.id)!;
    expect(inRoom).toMatchObject({
      roomId: `argus-conversation-unit-${medic}`,
      room: 'MEDIC 4 – command',
      parent: 'UserGroups',
      callsign: 'Dana Reyes',
    });
    expect(peer().received).not.toContain('east gate');

    // The crew reads it on the device: their read marker moves as reading it in the app would.
    const unread = async () =>
      ((await medicCrew.request('GET', '/messages/threads')).json().threads as { channel: string; unread: number }[]).find(
        (thread) => thread.channel === 'unit',
      )!.unread;
    expect(await unread()).toBe(1);
    sender().send(
      fixture('chat-receipt-read.xml')
        .replaceAll('MESSAGE_ID', toMedic.id)
        .replaceAll('ROOM_ID', inRoom.roomId)
        .replaceAll('ROOM_NAME', inRoom.room)
        .replaceAll('SENDER_UID', inRoom.senderUid),
    );
    await settled(sender(), SENDER);
    expect(await unread()).toBe(0);

    // Later than command's message, so the conversation's order is plain.
    t.clock.advance(1_000);
    sender().send(chatInto(SENDER, 'HOPLITE', inRoom.roomId, inRoom.room, 'reply-1', 'On our way', t.clock.now()));
    await settled(sender(), SENDER);
    expect((await messages(command, `channel=unit&targetId=${medic}`)).map((message) => message.body)).toEqual([
      'On our way',
      'MEDIC 4, go to the east gate',
    ]);
    // Not echoed back to the device that wrote it.
    const later = await send(command, { channel: 'unit', targetId: medic, body: 'Copy' });
    await sender().until((d) => chatsOf(d).some((chat) => chat.messageId === later.id));
    expect(chatsOf(sender()).filter((chat) => chat.text === 'On our way')).toHaveLength(0);
  });

  it('relays a direct chat to a device of another unit to that device alone, as a direct message to its crew', async () => {
    sender().send(fixture('geochat-direct.xml'));
    await peer().until((d) => chatsOf(d).some((chat) => chat.text === 'Meet at the east gate in 10'));
    expect(chatsOf(peer()).find((chat) => chat.text === 'Meet at the east gate in 10')).toMatchObject({ senderUid: SENDER, roomId: PEER });
    await settled(sender(), SENDER);
    // MEDIC 4's crew may not write in RESCUE 2's conversation: the chat is a direct message to its crew.
    expect(await messages(rescueCrew, `channel=direct&targetId=${medicCrewId}`)).toMatchObject([
      { body: 'Meet at the east gate in 10', senderName: 'Sam Ortiz' },
    ]);
    expect(await messages(command, `channel=unit&targetId=${medic}`)).toHaveLength(0);
    // The peer had the chat from the sender already; Argus does not send it again.
    const later = await send(command, { channel: 'broadcast', body: 'Check in' });
    await peer().until((d) => chatsOf(d).some((chat) => chat.messageId === later.id));
    expect(chatsOf(peer()).filter((chat) => chat.text === 'Meet at the east gate in 10')).toHaveLength(1);

    // The peer's read receipt goes back to the device that wrote the chat.
    peer().send(
      fixture('chat-receipt-read.xml')
        .replaceAll(SENDER, PEER)
        .replaceAll('SENDER_UID', SENDER)
        .replaceAll('MESSAGE_ID', '9b1e7c44-2f0d-4a8b-b6e3-71c9d05a2e88')
        .replaceAll('ROOM_ID', PEER)
        .replaceAll('ROOM_NAME', 'DRAGON'),
    );
    await sender().until((d) => receiptsOf(d).some((receipt) => receipt.receipt === 'read'));
    expect(receiptsOf(sender()).find((receipt) => receipt.receipt === 'read')).toMatchObject({
      senderUid: PEER,
      messageId: '9b1e7c44-2f0d-4a8b-b6e3-71c9d05a2e88',
      to: SENDER,
    });
  });

  it('sends a direct message to the device of the person it is for, and a reply to that person comes back as a direct message', async () => {
    const direct = await send(command, { channel: 'direct', targetId: medicCrewId, body: 'Call me when clear' });
    await sender().until((d) => chatsOf(d).some((chat) => chat.messageId === direct.id));
    const chat = chatsOf(sender()).find((event) => event.messageId === direct.id)!;
    expect(chat).toMatchObject({
      senderUid: `argus-user-${commandId}`,
      callsign: 'Dana Reyes',
      roomId: SENDER,
      parent: 'RootContactGroup',
    });
    expect(peer().received).not.toContain('Call me when clear');

    t.clock.advance(1_000);
    sender().send(chatInto(SENDER, 'HOPLITE', chat.senderUid, 'Dana Reyes', 'reply-2', 'Clear now', t.clock.now()));
    await settled(sender(), SENDER);
    expect(await messages(command, `channel=direct&targetId=${medicCrewId}`)).toMatchObject([
      { body: 'Clear now', senderName: 'Sam Ortiz' },
      { body: 'Call me when clear', senderName: 'Dana Reyes' },
    ]);
  });

  it('sends an incident’s conversation to the devices of the units assigned to it, in a room named after it', async () => {
    const created = await command.request('POST', '/incidents', {
      title: 'Warehouse fire',
      category: 'fire',
      severity: 'high',
      location: { lat: 51.5, lon: -0.12 },
    });
    expect(created.statusCode).toBe(201);
    const incident = created.json().incident as { id: string; reference: string };
    await t.services.dispatch.assign(incident.id, [medic], commandId);
    const note = await send(command, { channel: 'incident', targetId: incident.id, body: 'Gas main shut at 10:12' });
    await sender().until((d) => chatsOf(d).some((chat) => chat.messageId === note.id));
    expect(chatsOf(sender()).find((chat) => chat.messageId === note.id)).toMatchObject({
      roomId: `argus-conversation-incident-${incident.id}`,
      room: `${incident.reference} Warehouse fire`,
      callsign: 'Dana Reyes',
    });
    // RESCUE 2 is not assigned: its device never hears the incident's conversation.
    expect(peer().received).not.toContain('Gas main');

    t.clock.advance(1_000);
    sender().send(
      chatInto(
        SENDER,
        'HOPLITE',
        `argus-conversation-incident-${incident.id}`,
        'Warehouse fire',
        'reply-3',
        'Two casualties out',
        t.clock.now(),
      ),
    );
    await settled(sender(), SENDER);
    expect((await messages(command, `channel=incident&targetId=${incident.id}`)).map((message) => message.body)).toEqual([
      'Two casualties out',
      'Gas main shut at 10:12',
    ]);
  });

  it('relays a team room to its members and makes no Argus message of it', async () => {
    sender().send(fixture('geochat-team-room.xml'));
    await peer().until((d) => d.received.includes('Cyan team: hold at the river'));
    await settled(sender(), SENDER);
    const threads = (await command.request('GET', '/messages/threads')).json().threads as unknown[];
    expect(threads).toHaveLength(0);
  });

  it('raises the unit’s SOS for ring-the-bell', async () => {
    sender().send(fixture('emergency-ring-the-bell.xml'));
    const unit = await eventually(
      () => t.services.unitsRepository.find(medic).then((row) => row!),
      (row) => row.emergency_since !== null,
    );
    expect(unit).toMatchObject({ emergency_lat: 51.5091, emergency_lon: -0.1301, emergency_by: 'Sam Ortiz' });
    expect(new CoT(fixture('emergency-ring-the-bell.xml')).raw.event._attributes?.type).toBe('b-a-o-pan');
  });
});
