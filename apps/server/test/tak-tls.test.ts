import { webcrypto } from 'node:crypto';
import type { CotMessage } from '../src/features/tak/cot-reading';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '@argus/contracts/constants';
import { ERRORS } from '@argus/contracts/errors';
import type { TakCertificate, TakContact } from '@argus/contracts/http/tak';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../src/config';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { geoChat, ping, pli } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import {
  connectSilent,
  connectTls,
  csrFor,
  deviceKeys,
  enrolDevice as enrolledCredentials,
  enrol,
  foreignClient,
  getTlsConfig,
  rawEnrolmentRequest,
} from './tak-tls-device';

const DEVICE = 'ANDROID-7d1e0c9a33b2f400';

describe.each(TEST_DIALECTS)('TAK over TLS with Argus’s certificate authority on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: { id: string; email: string; full_name: string };
  let unitId: string;
  let ca: string;
  const devices: SimulatedDevice[] = [];

  const enrolPort = () => t.takTls.enrolPort!;
  const tlsPort = () => t.takTls.tlsPort!;
  const certificates = async (): Promise<TakCertificate[]> => (await command.request('GET', '/tak/certificates')).json().certificates;
  const contacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  const unit = () => t.services.unitsRepository.find(unitId).then((row) => row!);

  /** What ATAK does: a key, a CSR in the user's name, enrolment with their password. */
  const enrolDevice = async (email = crew.email, uid = DEVICE) => {
    const { cert, key, issuer } = await enrolledCredentials(enrolPort(), ca, { email, password: STRONG_PASSWORD, uid });
    expect(issuer).toBe(ca);
    return { cert, key };
  };
  const connect = async (client: { cert?: string; key?: string }) => {
    const device = await connectTls(tlsPort(), ca, client);
    devices.push(device);
    return device;
  };
  /** Resolves once the server has handled everything the device sent before: events go in order. */
  const settled = async (device: SimulatedDevice) => {
    const pongs = () => device.received.split('t-x-c-t-r').length - 1;
    const before = pongs();
    device.send(ping(DEVICE, t.clock.now()));
    await device.until((d) => pongs() > before || d.closed);
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, {
      COT_TLS_PORT: '0',
      TAK_ENROL_PORT: '0',
      COT_TLS_HANDSHAKE_TIMEOUT_MS: '300',
      COT_TLS_RECHECK_MS: '200',
    });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('enrols a device as ATAK does, and its PLI over TLS moves the unit it is bound to', async () => {
    const config = await getTlsConfig(enrolPort(), ca);
    expect(config.status).toBe(200);
    expect(config.body).toContain('<nameEntry name="O" value="Argus"/>');

    const client = await enrolDevice();
    const [issued] = await certificates();
    expect(issued).toMatchObject({
      deviceUid: DEVICE,
      user: { id: crew.id, email: crew.email, active: true },
      unit: { id: unitId, callsign: 'MEDIC 4' },
      revokedAt: null,
    });
    expect(issued!.subject).toContain(`CN=${crew.email}`);

    const device = await connect(client);
    device.send(pli(DEVICE, 'VIPER 1', t.clock.now(), 51.51, -0.13));
    const moved = await eventually(unit, (row) => row.lat === 51.51);
    expect(moved).toMatchObject({ lon: -0.13, heading: 271.5, speed: 3.25 });
    // Bound by its certificate, with no administrator's binding.
    expect((await contacts())[0]).toMatchObject({ uid: DEVICE, unit: { id: unitId, callsign: 'MEDIC 4' } });

    // It speaks in its own uid only: a chat in another device's name is refused; its own lands.
    device.send(geoChat('ANDROID-someone-else', 'HAWK 2', 'msg-x', t.clock.now(), 'Not mine to send'));
    device.send(geoChat(DEVICE, 'VIPER 1', 'msg-1', t.clock.now(), 'At the north gate'));
    await settled(device);
    const thread = (await command.request('GET', `/messages?channel=unit&targetId=${unitId}`)).json().messages as {
      body: string;
      senderName: string;
    }[];
    expect(thread.map((message) => message.body)).toEqual(['At the north gate']);
    expect(thread[0]!.senderName).toBe('Sam Ortiz');
  });

  it('drops an open connection when its certificate is revoked, audits it, and refuses it afterwards', async () => {
    const client = await enrolDevice();
    const device = await connect(client);
    await settled(device);
    expect(device.closed).toBe(false);
    const [issued] = await certificates();

    const field = await signIn(t.app, crew.email);
    expect((await field.request('POST', `/tak/certificates/${issued!.id}/revoke`)).statusCode).toBe(403);
    expect((await command.request('POST', '/tak/certificates/no-such-certificate/revoke')).statusCode).toBe(404);
    const revoked = await command.request('POST', `/tak/certificates/${issued!.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().certificate.revokedAt).toEqual(expect.any(Number));
    await device.untilClosed();
    expect(JSON.stringify(await t.services.audit.latest(10))).toContain('tak_certificate.revoke');

    const again = await connect(client);
    await again.untilClosed();
    expect(again.received).toBe('');
  });

  it('cuts a device off when its user is deactivated', async () => {
    const client = await enrolDevice();
    const device = await connect(client);
    await settled(device);
    await t.services.users.update(crew.id, { is_active: false }, OPERATOR, { ...SYSTEM_CONTEXT, actorId: null });
    await device.untilClosed();
    expect((await certificates())[0]!.revokedAt).toEqual(expect.any(Number));
    const again = await connect(client);
    await again.untilClosed();
  });

  it('drops an open connection whose certificate expired, found by the periodic check', async () => {
    const device = await connect(await enrolDevice());
    await settled(device);
    const [issued] = await certificates();
    t.clock.advance(issued!.expiresAt - t.clock.now() + 1);
    await device.untilClosed();
  });

  it('refuses a position sent for another device bound to a unit', async () => {
    const other = await t.services.units.create({ callsign: 'ENGINE 2', kind: 'fire', members: [(await createUser(t.services)).id] });
    const plain = await t.services.tak.position({
      kind: 'sa',
      uid: 'ANDROID-bound-elsewhere',
      type: 'a-f-G-U-C',
      callsign: 'HAWK 2',
      lat: 1,
      lon: 2,
      speed: null,
      course: null,
      battery: null,
      time: t.clock.now(),
      xml: pli('ANDROID-bound-elsewhere', 'HAWK 2', t.clock.now(), 1, 2),
    });
    expect(plain).toEqual({ landed: false, reason: 'unbound contact' });
    expect((await command.request('PUT', '/tak/contacts/ANDROID-bound-elsewhere', { unitId: other.id })).statusCode).toBe(200);

    const device = await connect(await enrolDevice());
    device.send(pli('ANDROID-bound-elsewhere', 'HAWK 2', t.clock.now(), 40, 3));
    await settled(device);
    const spoofed = (await contacts()).find((contact) => contact.uid === 'ANDROID-bound-elsewhere');
    expect(spoofed!.location).toEqual({ lat: 1, lon: 2 });
  });

  it('refuses a device with no certificate, or one from another authority', async () => {
    const bare = await connect({});
    await bare.untilClosed();
    const foreign = await connect(await foreignClient(crew.email));
    await foreign.untilClosed();
    expect(bare.received + foreign.received).toBe('');
    expect(await contacts()).toEqual([]);
  });

  it('drops a connection whose TLS handshake never completes', async () => {
    const silent = await connectSilent(tlsPort());
    devices.push(silent);
    await silent.untilClosed();
  });

  it('refuses bad enrolments clearly and saves nothing', async () => {
    const keys = await deviceKeys();
    const csr = await csrFor(keys, crew.email);
    const noCredentials = await enrol(enrolPort(), ca, { clientUid: DEVICE, csr });
    expect(noCredentials.status).toBe(401);
    expect(JSON.parse(noCredentials.body).error.message).toMatch(/Argus email and password/);

    const wrongPassword = await enrol(enrolPort(), ca, { email: crew.email, password: 'not-the-password', clientUid: DEVICE, csr });
    expect(wrongPassword.status).toBe(401);

    const malformed = await enrol(enrolPort(), ca, { email: crew.email, password: STRONG_PASSWORD, clientUid: DEVICE, csr: 'MIIBnotacsr' });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).error.message).toMatch(/not a certificate signing request/);

    const otherIdentity = await enrol(enrolPort(), ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, 'someone.else@argus.test'),
    });
    expect(otherIdentity.status).toBe(403);
    expect(JSON.parse(otherIdentity.body).error.message).toMatch(/is for “someone.else@argus.test”/);

    const huge = await enrol(enrolPort(), ca, { email: crew.email, password: STRONG_PASSWORD, clientUid: DEVICE, csr: 'A'.repeat(70_000) });
    expect(huge.status).toBe(413);

    const noUid = await enrol(enrolPort(), ca, { email: crew.email, password: STRONG_PASSWORD, csr });
    expect(noUid.status).toBe(400);

    const loner = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    const noUnit = await enrol(enrolPort(), ca, {
      email: loner.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, loner.email),
    });
    expect(noUnit.status).toBe(409);
    expect(JSON.parse(noUnit.body).error.message).toMatch(/in no unit’s crew/);

    // An account with a second factor: HTTP Basic cannot carry its code.
    const now = t.clock.now();
    await t.services.mfaRepository.insertFactor({
      id: crypto.randomUUID(),
      user_id: crew.id,
      friendly_name: 'phone',
      factor_type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      status: 'verified',
      last_step: null,
      created_at: now,
      updated_at: now,
    });
    const secondFactor = await enrol(enrolPort(), ca, { email: crew.email, password: STRONG_PASSWORD, clientUid: DEVICE, csr });
    expect(secondFactor.status).toBe(403);
    expect(JSON.parse(secondFactor.body).error.message).toMatch(/uses a second factor/);

    expect(await certificates()).toEqual([]);
  });

  it('locks the account after as many wrong passwords as sign-in allows, then refuses even the right one', async () => {
    const csr = await csrFor(await deviceKeys(), crew.email);
    const guess = () => enrol(enrolPort(), ca, { email: crew.email, password: 'Wrong-Guess-000', clientUid: DEVICE, csr });
    for (let attempt = 1; attempt < PASSWORD_POLICY.maxLoginAttempts; attempt += 1) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    const right = await enrol(enrolPort(), ca, { email: crew.email, password: STRONG_PASSWORD, clientUid: DEVICE, csr });
    expect(right.status).toBe(429);
    expect(JSON.parse(right.body).error.message).toBe(ERRORS.account_locked.message);
    expect(await certificates()).toEqual([]);
  });

  it('answers the XML form when JSON is not asked for', async () => {
    const keys = await deviceKeys();
    const answer = await enrol(enrolPort(), ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, crew.email),
      accept: '*/*',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^<enrollment><signedCert>[A-Za-z0-9+/=]+<\/signedCert><ca>[A-Za-z0-9+/=]+<\/ca><\/enrollment>$/);
  });

  it('gives a device uid and a unit to one person: another’s certificate in force is refused, one’s own is replaced', async () => {
    const device = await connect(await enrolDevice());
    await settled(device);

    // Someone else enrolling this uid, from another unit.
    const other = await createUser(t.services, { role: 'Field_Unit', full_name: 'Kim Lee' });
    await t.services.units.create({ callsign: 'RESCUE 9', kind: 'rescue', members: [other.id] });
    const keys = await deviceKeys();
    const taken = await enrol(enrolPort(), ca, {
      email: other.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, other.email),
    });
    expect(taken.status).toBe(409);
    expect(JSON.parse(taken.body).error.message).toBe(
      `The TAK uid ${DEVICE} is a device Sam Ortiz enrolled. Each device enrols with its own uid.`,
    );

    // A second device for the same unit, by another of its crew.
    const partner = await createUser(t.services, { role: 'Field_Unit', full_name: 'Ari Moss' });
    await t.services.unitsRepository.addMember(unitId, partner.id);
    const second = await enrol(enrolPort(), ca, {
      email: partner.email,
      password: STRONG_PASSWORD,
      clientUid: 'ANDROID-partner',
      csr: await csrFor(keys, partner.email),
    });
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).error.message).toMatch(/^MEDIC 4 already has a TAK device, enrolled by Sam Ortiz/);

    // The same person enrolling again (a reinstalled app): the new certificate replaces the old,
    // whose connection is dropped.
    await enrolDevice();
    await device.untilClosed();
    const inForce = (await certificates()).filter((certificate) => certificate.revokedAt === null);
    expect(inForce).toHaveLength(1);
    expect(inForce[0]!.deviceUid).toBe(DEVICE);
  });

  it('lets one of two people enrolling the same uid at the same moment win', async () => {
    const people = await Promise.all(
      ['Noa Hart', 'Eli Stone'].map(async (name, index) => {
        const person = await createUser(t.services, { role: 'Field_Unit', full_name: name });
        await t.services.units.create({ callsign: `PATROL ${index + 1}`, kind: 'patrol', members: [person.id] });
        return { person, csr: await csrFor(await deviceKeys(), person.email) };
      }),
    );
    const answers = await Promise.all(
      people.map(({ person, csr }) =>
        enrol(enrolPort(), ca, { email: person.email, password: STRONG_PASSWORD, clientUid: 'ANDROID-shared', csr }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await certificates()).filter((certificate) => certificate.deviceUid === 'ANDROID-shared')).toHaveLength(1);
  });

  it('refuses a weak key, a wrong method and a request target the URL parser refuses, and keeps answering', async () => {
    const weakKeys = (await webcrypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    )) as webcrypto.CryptoKeyPair;
    const weak = await enrol(enrolPort(), ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(weakKeys, crew.email),
    });
    expect(weak.status).toBe(400);
    expect(JSON.parse(weak.body).error.message).toBe('The key is RSA of 1024 bits; use 2048 bits or more.');

    expect((await rawEnrolmentRequest(enrolPort(), ca, 'GET /Marti/api/tls/signClient/v2 HTTP/1.1')).split('\r\n')[0]).toBe(
      'HTTP/1.1 405 Method Not Allowed',
    );
    expect((await rawEnrolmentRequest(enrolPort(), ca, 'GET http://[ HTTP/1.1')).split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect((await getTlsConfig(enrolPort(), ca)).status).toBe(200);
    expect(await certificates()).toEqual([]);
  });

  it('refuses over plain TCP anything done in the name of a device with a certificate, and from any device a deletion of Argus’s own items', async () => {
    await enrolDevice();
    const now = t.clock.now();
    const chat = {
      kind: 'chat',
      uid: 'GeoChat.spoof',
      senderUid: DEVICE,
      callsign: 'MEDIC 4',
      room: 'All Chat Rooms',
      roomId: 'All Chat Rooms',
      parent: 'RootContactGroup',
      members: [],
      messageId: 'spoof',
      text: 'hi',
      time: now,
    } satisfies CotMessage;
    const inItsName: CotMessage[] = [
      chat,
      { kind: 'emergency', uid: `${DEVICE}-9-1-1`, senderUid: DEVICE, alert: '911 Alert', lat: 1, lon: 2, time: now },
      { kind: 'emergency-cancel', uid: `${DEVICE}-9-1-1`, senderUid: DEVICE, time: now },
      {
        kind: 'incident-report',
        uid: 'marker-1',
        type: 'a-h-G-X',
        title: 'Fire',
        remarks: '',
        location: { lat: 1, lon: 2 },
        authorUid: DEVICE,
      },
      { kind: 'removal', uid: 'delete-1', targetUid: 'a-drawing', senderUid: DEVICE },
    ];
    for (const message of inItsName)
      expect(await t.services.tak.refusal(null, message), message.kind).toMatch(/in the name of ANDROID-7d1e0c9a33b2f400/);
    // A device with no certificate still speaks for itself over plain TCP.
    expect(await t.services.tak.refusal(null, { ...chat, senderUid: 'ANDROID-plain' })).toBeNull();

    const takeOff = { kind: 'removal', uid: 'delete-2', targetUid: `argus-unit-${unitId}`, senderUid: null } as const;
    expect(await t.services.tak.refusal(null, takeOff)).toMatch(/one of Argus’s own items/);
    const certified = {
      certificateId: 'c',
      userId: crew.id,
      unitId,
      deviceUid: DEVICE,
      email: crew.email,
      aal: 'aal1',
      role: 'Field_Unit',
    } as const;
    expect(await t.services.tak.refusal(certified, { ...takeOff, senderUid: DEVICE })).toMatch(/one of Argus’s own items/);
  });

  it('refuses events in the name of Argus’s own units, from any device', async () => {
    const device = await connect(await enrolDevice());
    device.send(pli(`argus-unit-${unitId}`, 'MEDIC 4', t.clock.now(), 10, 10));
    await settled(device);
    expect((await contacts()).map((contact) => contact.uid)).toEqual([]);
    expect((await unit()).lat).not.toBe(10);
  });
});

describe('the TAK TLS endpoints', () => {
  it('are off unless COT_TLS_PORT or TAK_ENROL_PORT is set, and make no certificate authority then', async () => {
    const t = await buildTestApp('sqlite');
    await t.app.ready();
    expect(t.takTls.tlsPort).toBeNull();
    expect(t.takTls.enrolPort).toBeNull();
    expect(t.takTls.authority).toBeNull();
    await t.close();
  });

  it('keep the certificate authority they made under the data folder, its key readable by the server alone, or use the operator’s', async () => {
    const t = await buildTestApp('sqlite', { TAK_ENROL_PORT: '0' });
    await t.app.ready();
    const keyFile = path.join(t.config.dataDir, 'tak', 'ca-key.pem');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'tak', 'ca.pem'), 'utf8')).toBe(t.takTls.authority!.pem);

    const operator = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-operator-ca-'));
    fs.copyFileSync(path.join(t.config.dataDir, 'tak', 'ca.pem'), path.join(operator, 'ca.pem'));
    fs.copyFileSync(keyFile, path.join(operator, 'ca.key'));
    const pem = t.takTls.authority!.pem;
    await t.close();
    const second = await buildTestApp('sqlite', {
      TAK_ENROL_PORT: '0',
      TAK_CA_CERT_FILE: path.join(operator, 'ca.pem'),
      TAK_CA_KEY_FILE: path.join(operator, 'ca.key'),
    });
    await second.app.ready();
    expect(second.takTls.authority!.pem).toBe(pem);
    expect(fs.existsSync(path.join(second.config.dataDir, 'tak'))).toBe(false);
    await second.close();
    fs.rmSync(operator, { recursive: true, force: true });
  });

  it('refuse an operator CA given by half', () => {
    expect(() => loadConfig({ TAK_CA_CERT_FILE: '/etc/argus/tak-ca.pem' })).toThrow(
      /TAK_CA_CERT_FILE and TAK_CA_KEY_FILE must be set together/,
    );
  });
});
