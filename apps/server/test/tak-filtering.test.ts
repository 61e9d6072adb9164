import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { readCot } from '../src/features/tak/cot-reading';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';
import { connectTls, csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

/** MEDIC 4's device (plain TCP, bound by an administrator), the fixtures' sender. */
const MEDIC_DEVICE = 'ANDROID-589520ccfcd20f01';
/** RESCUE 2's device, enrolled by its crew member: it sees what Lee Park may see. */
const CERTIFIED = 'ANDROID-77c0de1f2a3b4c5d';
/** A device bound to no unit. */
const STRANGER = 'ANDROID-5712a9e0b8c7d6e5';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/cot/${name}`, import.meta.url), 'utf8');
const uidsOf = (device: SimulatedDevice, type?: string) =>
  device.received
    .split('</event>')
    .slice(0, -1)
    .map((xml) => /<event[^>]*>/.exec(xml)![0])
    .filter((tag) => !type || tag.includes(`type="${type}"`) || tag.includes(`type='${type}'`))
    .map((tag) => /uid=["']([^"']+)["']/.exec(tag)![1]!);
const deletedOf = (device: SimulatedDevice) =>
  device.received
    .split('</event>')
    .filter((xml) => xml.includes('t-x-d-d'))
    .map((xml) => /<link uid="([^"]+)"/.exec(xml)![1]);

describe.each(TEST_DIALECTS)('what each TAK device is sent, by its user’s role and team, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let commandId: string;
  let medic: string;
  let lan: SimulatedDevice;
  let medicDevice: SimulatedDevice;
  let client: { cert: string; key: string };
  const devices: SimulatedDevice[] = [];

  const contacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  const plain = async () => {
    const device = await SimulatedDevice.connect(t.cot.port!);
    devices.push(device);
    return device;
  };
  const certified = async () => {
    const device = await connectTls(t.takTls.tlsPort!, t.takTls.authority!.pem, client);
    devices.push(device);
    return device;
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0', COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    const admin = await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' });
    commandId = admin.id;
    command = await signIn(t.app, admin.email);
    const sam = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    const lee = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    medic = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [sam.id] })).id;
    await t.services.units.create({ callsign: 'RESCUE 2', kind: 'rescue', members: [lee.id] });

    const keys = await deviceKeys();
    const answer = await enrol(t.takTls.enrolPort!, t.takTls.authority!.pem, {
      email: lee.email,
      password: STRONG_PASSWORD,
      clientUid: CERTIFIED,
      csr: await csrFor(keys, lee.email),
    });
    expect(answer.status, answer.body).toBe(200);
    client = { cert: pemOfDer((JSON.parse(answer.body) as { signedCert: string }).signedCert), key: await keyPem(keys) };

    lan = await plain();
    medicDevice = await plain();
    medicDevice.send(pli(MEDIC_DEVICE, 'HOPLITE', t.clock.now(), 51.5, -0.12));
    await eventually(contacts, (list) => list.some((contact) => contact.uid === MEDIC_DEVICE));
    expect((await command.request('PUT', `/tak/contacts/${MEDIC_DEVICE}`, { unitId: medic })).statusCode).toBe(200);
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('relays another unit’s device, an unbound device, another unit and its emergency to plain TCP but not to a field unit’s certified device', async () => {
    const rescueDevice = await certified();
    rescueDevice.send(pli(CERTIFIED, 'DRAGON', t.clock.now(), 51.49, -0.11));
    await lan.until((d) => uidsOf(d).includes(CERTIFIED));

    t.clock.advance(1_000);
    medicDevice.send(pli(MEDIC_DEVICE, 'HOPLITE', t.clock.now(), 51.51, -0.13));
    const stranger = await plain();
    stranger.send(pli(STRANGER, 'NOMAD', t.clock.now(), 51.52, -0.14));
    await lan.until((d) => uidsOf(d).filter((uid) => uid === MEDIC_DEVICE).length >= 2 && uidsOf(d).includes(STRANGER));

    // A unit with no device, moved by command: Argus's own SA of it.
    const engine = await t.services.units.create({ callsign: 'ENGINE 9', kind: 'fire', members: [] });
    const admin = (await t.services.usersRepository.findById(commandId))!;
    await t.services.units.setPosition(admin, engine.id, { clientId: crypto.randomUUID(), location: { lat: 51.53, lon: -0.15 } });
    await lan.until((d) => uidsOf(d).includes(`argus-unit-${engine.id}`));

    medicDevice.send(fixture('emergency-ring-the-bell.xml'));
    await lan.until((d) => uidsOf(d, 'b-a-o-tbl').includes(`argus-unit-${medic}-9-1-1`));
    expect(uidsOf(lan, 'b-a-o-pan')).toContain(`${MEDIC_DEVICE}-9-1-1`);

    // Each was sent to every device in the same pass: the certified device was passed over.
    const seen = uidsOf(rescueDevice);
    for (const uid of [MEDIC_DEVICE, STRANGER, `argus-unit-${engine.id}`, `argus-unit-${medic}-9-1-1`, `${MEDIC_DEVICE}-9-1-1`])
      expect(seen).not.toContain(uid);

    // What it may hear still reaches it: command's broadcast, as GeoChat.
    expect(
      (await command.request('POST', '/messages', { clientId: crypto.randomUUID(), channel: 'broadcast', body: 'All units: status check' }))
        .statusCode,
    ).toBe(201);
    await rescueDevice.until((d) => d.received.includes('All units: status check'));
    // So does a plain device that has not said who it is: broadcasts are for everyone.
    await lan.until((d) => d.received.includes('All units: status check'));

    // Connecting again, it is greeted with the same filter: none of the others, nor MEDIC 4's emergency.
    rescueDevice.end();
    const again = await certified();
    const published = await command.request('POST', '/alerts', {
      title: 'Flood warning',
      severity: 'warning',
      location: { lat: 51.5, lon: -0.12 },
      radiusM: 2_000,
    });
    expect(published.statusCode).toBe(201);
    await again.until((d) => uidsOf(d).includes(`argus-alert-${published.json().alert.id}`));
    for (const uid of [MEDIC_DEVICE, STRANGER, `argus-unit-${engine.id}`, `argus-unit-${medic}-9-1-1`])
      expect(uidsOf(again)).not.toContain(uid);
    // The plain device is greeted with all of them.
    const late = await plain();
    await late.until((d) =>
      [MEDIC_DEVICE, STRANGER, `argus-unit-${engine.id}`, `argus-unit-${medic}-9-1-1`].every((uid) => uidsOf(d).includes(uid)),
    );
  });

  it('sends new alerts to the devices that may see them, as markers, and takes them off once acknowledged or resolved', async () => {
    const rescueDevice = await certified();
    const raised = await t.services.alerts.raise({
      rule: 'zone.geofence',
      subject: 'zone-1',
      severity: 'critical',
      title: 'MEDIC 4 inside Docks',
      detail: 'A high-risk zone',
      location: { lat: 51.5, lon: -0.1 },
      sources: [],
    });
    const operational = `argus-alert-${raised.id}`;
    await lan.until((d) => uidsOf(d, 'b-m-p-s-m').includes(operational));
    const marker = readCot(lan.received.split('</event>').find((xml) => xml.includes(`uid="${operational}"`))! + '</event>');
    expect(marker).toMatchObject({ kind: 'marker', type: 'b-m-p-s-m' });
    expect(lan.received).toContain('Alert: MEDIC 4 inside Docks');

    const published = await command.request('POST', '/alerts', {
      title: 'Flood warning',
      severity: 'warning',
      location: { lat: 51.5, lon: -0.12 },
      radiusM: 2_000,
    });
    expect(published.statusCode).toBe(201);
    const publicId = published.json().alert.id as string;
    await rescueDevice.until((d) => uidsOf(d).includes(`argus-alert-${publicId}`));
    await lan.until((d) => uidsOf(d).includes(`argus-alert-${publicId}`));
    // Operations' alerts are command's and analysts': the field unit's device never had it.
    expect(uidsOf(rescueDevice)).not.toContain(operational);

    expect((await command.request('POST', `/alerts/${raised.id}/acknowledge`)).statusCode).toBe(200);
    await lan.until((d) => deletedOf(d).includes(operational));
    expect((await command.request('POST', `/alerts/${publicId}/resolve`)).statusCode).toBe(200);
    await rescueDevice.until((d) => deletedOf(d).includes(`argus-alert-${publicId}`));
    expect(deletedOf(rescueDevice)).not.toContain(operational);
  });
});
