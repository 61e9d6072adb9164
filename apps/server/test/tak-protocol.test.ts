import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { takFrame, xmlToTakFrame } from '../src/features/tak/cot-protobuf';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';
import { ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';
import { ProtoDevice, takpRequest } from './tak-proto-device';

const DEVICE = 'ANDROID-5c1a9e7d2b40f311';
const OTHER = 'ANDROID-0f33a1b2c4d5e6f7';

// The encoding is the stream's business alone: one database shows it (tak.test.ts covers both).
describe('TAK Protocol v1 on the CoT endpoint', () => {
  let t: TestApp;
  let command: Client;
  let port: number;
  const open: { end(): void }[] = [];

  const contacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  const protoDevice = async () => {
    const device = await ProtoDevice.connect(port);
    open.push(device);
    return device;
  };
  const xmlDevice = async () => {
    const device = await SimulatedDevice.connect(port);
    open.push(device);
    return device;
  };

  beforeEach(async () => {
    t = await buildTestApp('sqlite', { COT_TCP_PORT: '0', COT_EVENT_TIMEOUT_MS: '300' });
    await t.app.ready();
    port = t.cot.port!;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
  });
  afterEach(async () => {
    for (const device of open.splice(0)) device.end();
    await t.close();
  });

  it('offers version 1, switches on request, and then reads and writes only 0xbf frames', async () => {
    const device = await protoDevice();
    const plain = await xmlDevice();
    expect(await device.negotiate(1)).toBe(true);
    expect(device.encoding).toBe('protobuf');

    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    const [contact] = await eventually(contacts, (list) => list.length === 1);
    expect(contact).toMatchObject({ uid: DEVICE, callsign: 'VIPER 1', location: { lat: 51.5, lon: -0.12 }, battery: 76 });
    // A device still on XML hears the protobuf device's PLI as XML, the negotiation not at all.
    await plain.until((d) => d.received.includes(`uid="${DEVICE}"`));
    expect(plain.received).not.toContain('t-x-takp-q');

    // And the XML device's PLI reaches the protobuf device in a frame.
    plain.send(pli(OTHER, 'VIPER 2', t.clock.now(), 51.6, -0.13));
    await device.until(() => device.events.some((event) => event.includes(`uid="${OTHER}"`)));
    device.send(ping(DEVICE, t.clock.now()));
    await device.until(() => device.events.some((event) => event.includes('type="t-x-c-t-r"')));
    expect(device.closed).toBe(false);
  });

  it('reads frames sent in the same write as the request', async () => {
    const device = await protoDevice();
    await device.until(() => device.events.some((event) => event.includes('t-x-takp-v')));
    const uid = /uid="([^"]+)"/.exec(device.events.find((event) => event.includes('t-x-takp-v'))!)![1]!;
    device.write(Buffer.concat([Buffer.from(takpRequest(uid, 1)), xmlToTakFrame(pli(DEVICE, 'VIPER 1', t.clock.now(), 10, 20))]));
    await eventually(contacts, (list) => list.length === 1);
  });

  it('refuses a version it does not speak and stays on XML', async () => {
    const device = await protoDevice();
    expect(await device.negotiate(2)).toBe(false);
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 1);
  });

  it.each([
    ['a length over the cap', () => Buffer.from([0xbf, 0x80, 0x80, 0x80, 0x01])],
    ['a varint that never ends', () => Buffer.from([0xbf, ...Array<number>(12).fill(0xff)])],
    ['XML after the switch', () => Buffer.from(pli('EVIL', 'EVIL', Date.UTC(2026, 0, 1), 1, 2))],
    ['a payload that is no TakMessage', () => takFrame(Buffer.from([0x12, 0x05, 0xff, 0xff, 0xff, 0xff, 0xff]))],
    ['a position off the globe', () => xmlToTakFrame(pli('EVIL', 'EVIL', Date.UTC(2026, 0, 1), 95, 2))],
    ['half a frame and then nothing (a slow sender)', () => xmlToTakFrame(pli('EVIL', 'EVIL', Date.UTC(2026, 0, 1), 1, 2)).subarray(0, 40)],
  ])('drops a protobuf connection that sends %s, changes nothing, and keeps serving the others', async (_name, hostile) => {
    const good = await protoDevice();
    const evil = await protoDevice();
    await Promise.all([good.negotiate(), evil.negotiate()]);
    evil.write(hostile());
    await evil.until(() => evil.closed);
    expect(await contacts()).toEqual([]);
    good.send(ping(DEVICE, t.clock.now()));
    await good.until(() => good.events.some((event) => event.includes('type="t-x-c-t-r"')));
    good.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 1, 2));
    await eventually(contacts, (list) => list.length === 1);
    expect(good.closed).toBe(false);
  });
});
