import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';
import { ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';

const DEVICE = 'ANDROID-5c1a9e7d2b40f311';
const OTHER = 'ANDROID-0f33a1b2c4d5e6f7';

/**
 * Command's maps and lists follow TAK contacts live (docs/decisions/0061-tak-cot-endpoint-first-slice.md):
 * a contact heard, moved, bound or unbound is announced on "tak", its moves at most once a second.
 */
describe.each(TEST_DIALECTS)('TAK contacts announced live on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let unitId: string;
  let device: SimulatedDevice;
  let published: OperationalEvent[];

  const announced = (uid = DEVICE): TakContact[] =>
    published.flatMap((event) => (event.type === 'tak-contact.updated' && event.data.uid === uid ? [event.data] : []));
  const pongs = () => device.received.split('type="t-x-c-t-r"').length - 1;
  /** Resolves once everything the device sent before has been handled: a connection's events go in order. */
  const handled = async () => {
    const before = pongs();
    device.send(ping(DEVICE, t.clock.now()));
    await device.until(() => pongs() > before);
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0' });
    await t.app.ready();
    published = [];
    t.services.events.listen((event) => published.push(event));
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const crew = await createUser(t.services, { role: 'Field_Unit' });
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
    device = await SimulatedDevice.connect(t.cot.port!);
  });
  afterEach(async () => {
    device.end();
    await t.close();
  });

  it('announces a contact heard at once, on "tak" only, as GET /tak/contacts shows it', async () => {
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    await handled();
    const events = published.filter((event) => event.type === 'tak-contact.updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.channels).toEqual(['tak']);
    const listed = (await command.request('GET', '/tak/contacts')).json().contacts;
    expect(events[0]!.data).toEqual(listed[0]);
    expect(events[0]!.data).toMatchObject({ callsign: 'VIPER 1', location: { lat: 51.5, lon: -0.12 }, battery: 76, unit: null });
  });

  it('announces a device’s moves at most once a second, each contact on its own, and never drops the last', async () => {
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    device.send(pli(OTHER, 'HAWK 2', t.clock.now(), 40, 10));
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.51, -0.12));
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.52, -0.12));
    await handled();
    // Within the same second: the first position now, the later ones held back.
    expect(announced().map((contact) => contact.location.lat)).toEqual([51.5]);
    expect(announced(OTHER)).toHaveLength(1);
    // At the end of the second, the last of them, and nothing in between.
    await eventually(
      async () => announced(),
      (list) => list.length === 2,
    );
    expect(announced().map((contact) => contact.location.lat)).toEqual([51.5, 51.52]);
    expect(announced(OTHER)).toHaveLength(1);

    // A second later, a move is announced at once.
    t.clock.advance(1_000);
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.53, -0.12));
    await handled();
    expect(announced().map((contact) => contact.location.lat)).toEqual([51.5, 51.52, 51.53]);
  });

  it('announces binding and unbinding at once, with the unit, and a refused binding not at all', async () => {
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    await handled();
    expect((await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId })).statusCode).toBe(200);
    expect(announced().at(-1)!.unit).toEqual({ id: unitId, callsign: 'MEDIC 4' });
    expect((await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: null })).statusCode).toBe(200);
    expect(announced().at(-1)!.unit).toBeNull();
    expect(announced()).toHaveLength(3);
    // A refused binding changes nothing and announces nothing.
    const crewless = await t.services.units.create({ callsign: 'SPARE 9', kind: 'other', members: [] });
    expect((await command.request('PUT', `/tak/contacts/${DEVICE}`, { unitId: crewless.id })).statusCode).toBe(409);
    expect(announced()).toHaveLength(3);
  });
});
