import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakRepository } from '../src/features/tak/tak.repository';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';
import { alert911, cancel911, geoChat, ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';

const DEVICE = 'ANDROID-5c1a9e7d2b40f311';
const OTHER = 'ANDROID-0f33a1b2c4d5e6f7';

describe.each(TEST_DIALECTS)('the TAK CoT endpoint on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let field: Client;
  let unitId: string;
  let crewName: string;
  let port: number;
  const devices: SimulatedDevice[] = [];

  const connect = async () => {
    const device = await SimulatedDevice.connect(port);
    devices.push(device);
    return device;
  };
  const contacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  const unit = () => t.services.unitsRepository.find(unitId).then((row) => row!);

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0', COT_EVENT_TIMEOUT_MS: '300' });
    await t.app.ready();
    port = t.cot.port!;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    const crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    crewName = crew.full_name;
    field = await signIn(t.app, crew.email);
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  /** A device heard once, then bound to MEDIC 4 by an administrator. */
  const boundDevice = async () => {
    const device = await connect();
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    await eventually(contacts, (list) => list.some((contact) => contact.uid === DEVICE));
    const bound = await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId });
    expect(bound.statusCode).toBe(200);
    return device;
  };

  it('keeps an unbound device as a contact and moves no unit', async () => {
    const device = await connect();
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    const [contact] = await eventually(contacts, (list) => list.length === 1);
    expect(contact).toMatchObject({
      uid: DEVICE,
      callsign: 'VIPER 1',
      cotType: 'a-f-G-U-C',
      location: { lat: 51.5, lon: -0.12 },
      battery: 76,
      unit: null,
    });
    expect((await unit()).lat).toBeNull();
  });

  it('lands a bound device’s position, chat and emergency in Argus, and its cancel clears the SOS', async () => {
    const device = await boundDevice();
    expect((await contacts())[0]!.unit).toEqual({ id: unitId, callsign: 'MEDIC 4' });
    const pongs = () => device.received.split('type="t-x-c-t-r"').length - 1;
    /** Resolves once everything sent before it has been handled: a connection's events go in order. */
    const pongAfterAll = async () => {
      const before = pongs();
      device.send(ping(DEVICE, t.clock.now()));
      await device.until(() => pongs() > before);
    };

    t.clock.advance(5_000);
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.51, -0.13));
    const moved = await eventually(unit, (row) => row.lat === 51.51);
    expect(moved).toMatchObject({ lon: -0.13, heading: 271.5, speed: 3.25 });

    device.send(geoChat(DEVICE, 'VIPER 1', 'msg-1', t.clock.now(), 'Casualty at the north gate'));
    // ATAK may send a chat again when unsure it arrived: it is posted once.
    device.send(geoChat(DEVICE, 'VIPER 1', 'msg-1', t.clock.now(), 'Casualty at the north gate'));
    // A connection's events are handled in order: once the pong is back, both chats have been.
    await pongAfterAll();
    const thread = await eventually(
      async () => (await command.request('GET', `/messages?channel=unit&targetId=${unitId}`)).json().messages as { body: string }[],
      (messages) => messages.length > 0,
    );
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ body: 'Casualty at the north gate', senderName: crewName });

    device.send(alert911(DEVICE, 'VIPER 1', t.clock.now(), 51.52, -0.14));
    device.send(alert911(DEVICE, 'VIPER 1', t.clock.now(), 51.52, -0.14));
    await pongAfterAll();
    const sos = await eventually(unit, (row) => row.emergency_since !== null);
    expect(sos).toMatchObject({ emergency_by: crewName, emergency_lat: 51.52, emergency_lon: -0.14 });
    const alerts = (await command.request('GET', '/alerts?rule=unit.sos')).json().alerts as { title: string }[];
    expect(alerts.filter((alert) => alert.title === 'SOS: MEDIC 4')).toHaveLength(1);
    // The crew's phone sees the same emergency.
    expect((await field.request('GET', '/units')).json().units[0].emergency).toMatchObject({ raisedBy: crewName });

    device.send(cancel911(DEVICE, 'VIPER 1', t.clock.now()));
    await eventually(unit, (row) => row.emergency_since === null);
  });

  it('sends a connecting device the other contacts’ latest SA, Argus’s units and active emergencies, and answers pings', async () => {
    const first = await connect();
    first.send(pli(OTHER, 'HAWK 2', t.clock.now(), 40.1, -3.7));
    await eventually(contacts, (list) => list.length === 1);
    await t.services.units.setPosition(await t.services.usersRepository.findById((await unit()).members[0]!).then((u) => u!), unitId, {
      clientId: crypto.randomUUID(),
      location: { lat: 10, lon: 20 },
    });
    await first.until((d) => d.received.includes(`uid="argus-unit-${unitId}"`));

    const second = await connect();
    await second.until((d) => d.received.includes(`uid='${OTHER}'`) && d.received.includes(`uid="argus-unit-${unitId}"`));
    expect(second.received).toContain("callsign='HAWK 2'");
    expect(second.received).toContain('callsign="MEDIC 4"');

    // Live: what one device sends, the other sees; an SOS raised in Argus reaches both.
    second.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    await first.until((d) => d.received.includes(`uid='${DEVICE}'`));
    const sos = await field.request('POST', `/units/${unitId}/sos`, { clientId: crypto.randomUUID() });
    expect(sos.statusCode).toBe(200);
    await first.until((d) => d.received.includes('type="b-a-o-tbl"'));
    await second.until((d) => d.received.includes('type="b-a-o-tbl"'));
    const third = await connect();
    await third.until((d) => d.received.includes('type="b-a-o-tbl"'));
    const cleared = await command.request('POST', `/units/${unitId}/sos/clear`);
    expect(cleared.statusCode).toBe(200);
    await third.until((d) => d.received.includes('type="b-a-o-can"'));

    third.send(ping('ANDROID-x', t.clock.now()));
    await third.until((d) => d.received.includes('type="t-x-c-t-r"'));
  });

  it.each([
    ['an event over 64 KB', () => `<event version="2.0" uid="x" type="a-f-G">${'<x/>'.repeat(17_000)}`],
    ['a DOCTYPE with an entity', () => `<!DOCTYPE e [<!ENTITY x "${'x'.repeat(100)}">]>${pli('EVIL', '&x;', Date.UTC(2026, 0, 1), 1, 2)}`],
    ['garbage bytes', () => Buffer.from([0x00, 0xbf, 0x01, 0xff, ...Buffer.from('<<<</event>')])],
    ['a position off the globe', () => pli('EVIL', 'EVIL', Date.UTC(2026, 0, 1), 95, 2)],
    ['half an event and then nothing (a slow sender)', () => `<event version="2.0" uid="slow" type="a-f-G"><point lat="1"`],
  ])('drops a connection that sends %s, changes nothing, and keeps serving the others', async (_name, hostile) => {
    const good = await connect();
    const evil = await connect();
    evil.send(hostile());
    await evil.untilClosed();
    expect(await contacts()).toEqual([]);
    expect(good.closed).toBe(false);
    good.send(ping('ANDROID-good', t.clock.now()));
    await good.until((d) => d.received.includes('type="t-x-c-t-r"'));
    good.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 1);
  });

  it('lets only administrators bind, refuses what cannot work, and audits each change', async () => {
    await boundDevice();
    expect((await field.request('GET', '/tak/contacts')).statusCode).toBe(403);
    expect((await field.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: null })).statusCode).toBe(403);
    const unknown = await command.request('PUT', '/tak/contacts/ANDROID-nobody', { unitId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No TAK contact with this uid has connected.');
    expect((await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: 'no-such-unit' })).statusCode).toBe(404);
    expect((await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: 7 })).statusCode).toBe(400);

    const crewless = await t.services.units.create({ callsign: 'SPARE 9', kind: 'other', members: [] });
    const refused = await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: crewless.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/SPARE 9 has no crew/);

    const other = await connect();
    other.send(pli(OTHER, 'HAWK 2', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 2);
    const taken = await command.request('PUT', `/tak/contacts/${OTHER}`, { unitId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/already bound to TAK contact VIPER 1/);

    const unbound = await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: null });
    expect(unbound.json().contact.unit).toBeNull();
    const audit = JSON.stringify(await t.services.audit.latest(10));
    expect(audit).toContain('tak_contact.bind');
    expect(audit).toContain('tak_contact.unbind');
  });

  it('binds one of two contacts raced onto the same unit, and refuses the other with a 409', async () => {
    const device = await connect();
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    device.send(pli(OTHER, 'HAWK 2', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 2);
    const answers = await Promise.all([DEVICE, OTHER].map((uid) => command.request('PUT', `/tak/contacts/${uid}`, { unitId })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await contacts()).filter((contact) => contact.unit?.id === unitId)).toHaveLength(1);
  });

  it('answers 404 and audits nothing when retention forgets the contact while it is being bound', async () => {
    const device = await connect();
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 1);
    const repository = (t.services.tak as unknown as { repository: TakRepository }).repository;
    const read = repository.find.bind(repository);
    // The contact is read, then deleted before the write, as the retention job may do.
    vi.spyOn(repository, 'find').mockImplementationOnce(async (uid) => {
      const found = await read(uid);
      await t.services.db.kysely.deleteFrom('tak_contacts').where('uid', '=', uid).execute();
      return found;
    });
    const answer = await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId });
    expect(answer.statusCode).toBe(404);
    const audited = await t.services.db.kysely
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'tak_contact.bind')
      .execute();
    expect(audited).toEqual([]);
  });
});

describe('the CoT endpoint', () => {
  it('is off unless COT_TCP_PORT is set', async () => {
    const t = await buildTestApp('sqlite');
    await t.app.ready();
    expect(t.cot.port).toBeNull();
    await t.close();
  });

  it('ends a connection handed to it after it closed (a TLS device still being checked at shutdown)', async () => {
    const t = await buildTestApp('sqlite', { COT_TCP_PORT: '0' });
    await t.app.ready();
    await t.close();
    const socket = new net.Socket();
    t.cot.attach(socket, 'late:1');
    expect(socket.destroyed).toBe(true);
  });
});
