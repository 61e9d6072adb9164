import fs from 'node:fs';
import * as x509 from '@peculiar/x509';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { certificateSerial } from '../src/features/tak/tak-peer-identity';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { incidentMarker, iso } from './tak-cot';
import type { SimulatedDevice } from './tak-device';
import { connectTls, deviceAtItsPosition, enrolDevice, settled } from './tak-tls-device';

/** The uid another Argus's gateway enrolled with here. */
const GATEWAY = 'ARGUS-GATEWAY-EAST';
/** Devices behind that gateway. */
const FAR = 'ANDROID-far0000000000001';
const FAR_AGAIN = 'ANDROID-far0000000000002';
/** Lee's device, RESCUE 2's; Kim's, a command user's in the command car; Ivy's, an analyst's in INTEL 1. */
const LEE = 'ANDROID-7e3f9a8b6c5d0003';
const KIM = 'ANDROID-4b1d2c3e4f5a0002';
const IVY = 'ANDROID-1a2b3c4d5e6f0004';
const SPOT = '9d3e5a0c-6f1b-4c2e-9a71-2b8d4f0e6c15';
const CHECKPOINT = 'c4a7e2b9-3d5f-4a18-8e6c-0f9b1d2a7e33';

const spotMap = (at: number, creator: string) =>
  fs
    .readFileSync(new URL('./fixtures/cot/marker-spot-map-b-m-p-s-m.xml', import.meta.url), 'utf8')
    .trim()
    .replaceAll('STALE', iso(at + 3_600_000))
    .replaceAll('TIME', iso(at))
    .replaceAll('CREATOR_UID', creator);

/**
 * Another server's link on the TLS endpoint (docs/decisions/0074-tak-server-links.md): named by its
 * certificate's serial, which Argus's CA chose, so no user makes a link of their device by enrolling
 * with the link's uid; and what it relays goes where the devices behind it may be seen.
 */
describe.each(TEST_DIALECTS)('another server’s link on the TLS endpoint, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  const devices: SimulatedDevice[] = [];
  const emails = new Map<string, string>();

  const points = async (): Promise<TakPoint[]> => (await command.request('GET', '/tak/points')).json().points;
  const certificateId = async (uid: string): Promise<string> =>
    (await command.request('GET', '/tak/certificates'))
      .json()
      .certificates.find((row: { deviceUid: string; revokedAt: unknown }) => row.deviceUid === uid && !row.revokedAt).id;
  /** A device enrolled with its user's password: its serial, and a way to connect with it. */
  const enrolled = async (email: string, uid: string) => {
    const ca = t.takTls.authority!.pem;
    const { cert, key } = await enrolDevice(t.takTls.enrolPort!, ca, { email, password: STRONG_PASSWORD, uid });
    return {
      serial: certificateSerial(new x509.X509Certificate(cert).serialNumber),
      connect: async () => {
        const device = await connectTls(t.takTls.tlsPort!, ca, { cert, key });
        devices.push(device);
        return device;
      },
    };
  };
  const device = async (uid: string): Promise<SimulatedDevice> => {
    const connected = await deviceAtItsPosition(t, { email: emails.get(uid)!, password: STRONG_PASSWORD, uid });
    devices.push(connected);
    return connected;
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0', COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const liaison = await createUser(t.services, { role: 'Field_Unit', full_name: 'Ana Liaison' });
    const lee = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    const kim = await createUser(t.services, { role: 'Field_Unit', full_name: 'Kim Lane' });
    const ivy = await createUser(t.services, { role: 'Field_Unit', full_name: 'Ivy Chen' });
    emails.set(GATEWAY, liaison.email).set(LEE, lee.email).set(KIM, kim.email).set(IVY, ivy.email);
    await t.services.units.create({ callsign: 'LIAISON', kind: 'command', members: [liaison.id] });
    await t.services.units.create({ callsign: 'RESCUE 2', kind: 'rescue', members: [lee.id] });
    await t.services.units.create({ callsign: 'COMMAND 1', kind: 'command', members: [kim.id] });
    await t.services.units.create({ callsign: 'INTEL 1', kind: 'command', members: [ivy.id] });
    // Crews first, then given the roles they hold.
    await t.services.users.update(kim.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    await t.services.users.update(ivy.id, { role: 'Intelligence_Analyst' }, OPERATOR, SYSTEM_CONTEXT);
  });
  afterEach(async () => {
    for (const connected of devices.splice(0)) connected.end();
    await t.close();
  });

  it('is the certificate whose serial the operator listed; a user enrolling with its uid once it is revoked gets a device', async () => {
    const gateway = await enrolled(emails.get(GATEWAY)!, GATEWAY);
    // The operator lists the serial and restarts; the running endpoint reads the same list.
    t.config.cot.tls.peerSerials.push(gateway.serial);
    const link = await gateway.connect();
    // A link places as the event says, a device as itself (decision 0072).
    link.send(spotMap(t.clock.now(), FAR));
    await settled(link);
    expect((await points()).map((point) => point.placedBy.uid)).toEqual([FAR]);

    // Revoked, its uid is free to enrol: Lee's device takes it, and speaks for itself alone.
    expect((await command.request('POST', `/tak/certificates/${await certificateId(GATEWAY)}/revoke`)).statusCode).toBe(200);
    const impostor = await (await enrolled(emails.get(LEE)!, GATEWAY)).connect();
    impostor.send(spotMap(t.clock.now(), FAR_AGAIN).replaceAll(SPOT, CHECKPOINT));
    await settled(impostor);
    expect((await points()).map((point) => [point.uid, point.placedBy.uid])).toEqual([
      [SPOT, FAR],
      [CHECKPOINT, GATEWAY],
    ]);
  });

  it('relays a point or incident marker from a device behind it as far as that device may be seen, and replays the point alike', async () => {
    const gateway = await enrolled(emails.get(GATEWAY)!, GATEWAY);
    t.config.cot.tls.peerSerials.push(gateway.serial);
    const link = await gateway.connect();
    const kim = await device(KIM);
    const ivy = await device(IVY);
    // FAR is bound to no unit: command sees it, an analyst (who sees every unit, the link's too) does not.
    link.send(spotMap(t.clock.now(), FAR));
    link.send(incidentMarker('inc-far', FAR, t.clock.now(), 51.5, -0.12, 'Gas leak', 'By the school gate'));
    await settled(link);
    await kim.until((d) => d.received.includes(SPOT) && d.received.includes('inc-far'));
    await settled(ivy);
    expect(ivy.received).not.toContain(SPOT);
    expect(ivy.received).not.toContain('inc-far');
    const ivyAgain = await device(IVY);
    await ivyAgain.until((d) => d.received.includes(KIM));
    expect(ivyAgain.received).not.toContain(SPOT);
  });
});
