import CoT from '@tak-ps/node-cot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { SimulatedDevice } from './tak-device';
import { connectTls, csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

const CERTIFIED = 'ANDROID-3a9c1e7f0b2d4c65';
const RING = [
  [-0.2, 51.4],
  [-0.1, 51.4],
  [-0.1, 51.6],
  [-0.2, 51.6],
  [-0.2, 51.4],
];

/** The complete CoT events a device has been sent, each as node-cot reads it. */
const eventsOf = (device: SimulatedDevice) =>
  device.received
    .split('</event>')
    .slice(0, -1)
    .map((xml) => new CoT(`${xml}</event>`));
const uidsOf = (device: SimulatedDevice, type: string) =>
  eventsOf(device)
    .filter((cot) => cot.raw.event._attributes?.type === type)
    .map((cot) => cot.raw.event._attributes?.uid);
const deletedOf = (device: SimulatedDevice) =>
  eventsOf(device)
    .filter((cot) => cot.raw.event._attributes?.type === 't-x-d-d')
    .map((cot) => (cot.raw.event.detail as { link: { _attributes: { uid: string } } }).link._attributes.uid);

describe.each(TEST_DIALECTS)('Argus’s incidents and zones on TAK devices on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let commandId: string;
  let crew: { id: string; email: string };
  let unitId: string;
  const devices: SimulatedDevice[] = [];

  const plainDevice = async () => {
    const device = await SimulatedDevice.connect(t.cot.port!);
    devices.push(device);
    return device;
  };
  const openIncident = async (title: string) => {
    const created = await command.request('POST', '/incidents', {
      title,
      category: 'fire',
      severity: 'high',
      location: { lat: 51.5, lon: -0.12 },
    });
    expect(created.statusCode).toBe(201);
    return created.json().incident as { id: string; reference: string };
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0', COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    const admin = await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' });
    commandId = admin.id;
    command = await signIn(t.app, admin.email);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('sends a plain-TCP device the open incidents, old and new, and takes a resolved one off', async () => {
    const before = await openIncident('Warehouse fire');
    const device = await plainDevice();
    const earlier = `argus-incident-${before.id}`;
    await device.until((d) => uidsOf(d, 'b-m-p-s-m').includes(earlier));
    const marker = eventsOf(device).find((cot) => cot.raw.event._attributes?.uid === earlier)!;
    const detail = marker.raw.event.detail as { contact: { _attributes: { callsign: string } }; remarks: { _text: string } };
    expect(detail.contact._attributes.callsign).toBe(`${before.reference} Warehouse fire`);
    expect(detail.remarks._text).toBe('Argus incident: fire, high severity, new');

    const after = await openIncident('Car & <van> collision');
    const later = `argus-incident-${after.id}`;
    await device.until((d) => uidsOf(d, 'b-m-p-s-m').includes(later));

    const resolved = await command.request('PATCH', `/incidents/${after.id}`, {
      status: 'resolved',
      disposition: { code: 'false_alarm', summary: 'Nobody hurt.' },
    });
    expect(resolved.statusCode).toBe(200);
    await device.until((d) => deletedOf(d).includes(later));
    expect(deletedOf(device)).not.toContain(earlier);
  });

  it('sends an active zone as a polygon whose vertices round-trip, and takes it off when deactivated', async () => {
    const device = await plainDevice();
    const created = await command.request('POST', '/zones', {
      name: 'Docks',
      kind: 'ungoverned',
      riskLevel: 'high',
      geometry: { type: 'Polygon', coordinates: [RING] },
    });
    expect(created.statusCode).toBe(201);
    const zoneId = created.json().zone.id as string;
    const uid = `argus-zone-${zoneId}-0`;
    await device.until((d) => uidsOf(d, 'u-d-f').includes(uid));
    const drawing = eventsOf(device).find((cot) => cot.raw.event._attributes?.uid === uid)!;
    expect(drawing.to_geojson().geometry).toEqual({ type: 'Polygon', coordinates: [RING] });

    // A device that connects later gets it too.
    const late = await plainDevice();
    await late.until((d) => uidsOf(d, 'u-d-f').includes(uid));

    expect((await command.request('PATCH', `/zones/${zoneId}`, { active: false })).statusCode).toBe(200);
    await device.until((d) => deletedOf(d).includes(uid));
    await late.until((d) => deletedOf(d).includes(uid));
  });

  it('sends a certified field unit’s device only the incidents its user may see', async () => {
    const ca = t.takTls.authority!.pem;
    const keys = await deviceKeys();
    const answer = await enrol(t.takTls.enrolPort!, ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: CERTIFIED,
      csr: await csrFor(keys, crew.email),
    });
    expect(answer.status, answer.body).toBe(200);
    const certified = await connectTls(t.takTls.tlsPort!, ca, {
      cert: pemOfDer((JSON.parse(answer.body) as { signedCert: string }).signedCert),
      key: await keyPem(keys),
    });
    devices.push(certified);
    const plain = await plainDevice();

    const elsewhere = await openIncident('Not their call');
    const theirs = await openIncident('Their call');
    await plain.until((d) => uidsOf(d, 'b-m-p-s-m').includes(`argus-incident-${elsewhere.id}`));
    const [dispatch] = await t.services.dispatch.assign(theirs.id, [unitId], commandId);
    // Assigned to MEDIC 4 after the other incident was announced: once it arrives, the other was decided.
    await certified.until((d) => uidsOf(d, 'b-m-p-s-m').includes(`argus-incident-${theirs.id}`));
    expect(certified.received).not.toContain(elsewhere.id);
    expect(certified.received).not.toContain('Not their call');

    // Recalled: the incident leaves the crew's sight, so it leaves their map; the plain device keeps it.
    const admin = (await t.services.usersRepository.findById(commandId))!;
    await t.services.dispatch.cancel(admin, dispatch!.id, 'Recalled to base');
    await certified.until((d) => deletedOf(d).includes(`argus-incident-${theirs.id}`));
    expect(deletedOf(plain)).not.toContain(`argus-incident-${theirs.id}`);
  });
});
