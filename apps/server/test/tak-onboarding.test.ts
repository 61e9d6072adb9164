import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import forge from 'node-forge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TakEnrolment } from '@argus/contracts/http/tak';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { pli } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import type { TakCertificatesRepository } from '../src/features/tak/tak-certificates.repository';
import { connectTls, csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

const DEVICE = 'ANDROID-a1b2c3d4e5f60718';

/** The value of one entry of an ATAK .pref. */
function pref(text: string, key: string): string | undefined {
  return new RegExp(`<entry key="${key}" class="[^"]+">([^<]*)</entry>`).exec(text)?.[1];
}

describe.each(TEST_DIALECTS)('onboarding a TAK device with a one-time enrolment token, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let adminEmail: string;
  let crew: { id: string; email: string };
  let unitId: string;
  let ca: string;
  const devices: SimulatedDevice[] = [];

  const onboard = async (body: Record<string, unknown> = { unitId, userId: crew.id }, as: Client = command) =>
    as.request('POST', '/tak/enrolments', body);
  const enrolment = async (): Promise<TakEnrolment> => {
    const answer = await onboard();
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().enrolment as TakEnrolment;
  };
  const enrolWith = async (secret: string, email = crew.email) => {
    const keys = await deviceKeys();
    const answer = await enrol(t.takTls.enrolPort!, ca, { email, password: secret, clientUid: DEVICE, csr: await csrFor(keys, email) });
    return { answer, keys };
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0', TAK_MARTI_PORT: '0' });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    adminEmail = (await createUser(t.services, { role: 'Command_Admin' })).email;
    command = await signIn(t.app, adminEmail);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Noor Haddad' });
    unitId = (await t.services.units.create({ callsign: 'RESCUE 2', kind: 'fire', members: [crew.id] })).id;
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('gives an administrator a token, ATAK’s enrolment link as a QR code, and a data package in ATAK’s layout', async () => {
    const made = await enrolment();
    expect(made).toMatchObject({
      user: { id: crew.id, email: crew.email },
      unit: { id: unitId, callsign: 'RESCUE 2' },
      host: 'localhost',
      ports: { cot: t.takTls.tlsPort, enrolment: t.takTls.enrolPort, marti: t.takTls.martiPort },
      expiresAt: t.clock.now() + 24 * 60 * 60_000,
    });
    const link = new URL(made.link);
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('tak://com.atakmap.app/enroll');
    expect(Object.fromEntries(link.searchParams)).toEqual({ host: 'localhost', username: crew.email, token: made.token });
    expect(made.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const files = unzipSync(Buffer.from(made.dataPackage.base64, 'base64'));
    expect(made.dataPackage.filename).toBe('argus-RESCUE-2-onboarding.zip');
    const manifest = strFromU8(files['MANIFEST/manifest.xml']!);
    const entries = [...manifest.matchAll(/zipEntry="([^"]+)"/g)].map((match) => match[1]!);
    expect(entries.map((entry) => entry.split('/')[1])).toEqual(['argus.pref', 'truststore-argus.p12']);
    for (const entry of entries) expect(files[entry]).toBeDefined();
    const settings = strFromU8(files[entries[0]!]!);
    expect(pref(settings, 'connectString0')).toBe(`localhost:${t.takTls.tlsPort}:ssl`);
    expect(pref(settings, 'enrollForCertificateWithTrust0')).toBe('true');
    expect(pref(settings, 'username0')).toBe(crew.email);
    expect(pref(settings, 'password0')).toBe(made.token);
    expect(pref(settings, 'apiCertEnrollmentPort')).toBe(String(t.takTls.enrolPort));
    expect(pref(settings, 'caLocation0')).toBe('cert/truststore-argus.p12');

    // The truststore opens with the password beside it and holds Argus's CA, and no key.
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(Buffer.from(files[entries[1]!]!).toString('binary')),
      pref(settings, 'caPassword0')!,
    );
    const bags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]!;
    expect(bags).toHaveLength(1);
    expect(forge.pki.certificateToPem(bags[0]!.cert!).replace(/\r/g, '').trim()).toBe(ca.trim());
    expect(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]).toEqual([]);

    // Only the token's hash is kept; making it is audited.
    const stored = await t.services.db.kysely.selectFrom('tak_enrolment_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect(JSON.stringify(await t.services.audit.latest(10))).toContain('tak_enrolment.create');
  });

  it('lets a device enrol with the token once, even for an account with a second factor, and connect', async () => {
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
    const refused = await enrolWith(STRONG_PASSWORD);
    expect(refused.answer.status).toBe(403);
    expect(JSON.parse(refused.answer.body).error.message).toMatch(/Ask an administrator for an enrolment token/);

    const made = await enrolment();
    const { answer, keys } = await enrolWith(made.token);
    expect(answer.status, answer.body).toBe(200);
    const device = await connectTls(t.takTls.tlsPort!, ca, {
      cert: pemOfDer((JSON.parse(answer.body) as { signedCert: string }).signedCert),
      key: await keyPem(keys),
    });
    devices.push(device);
    device.send(pli(DEVICE, 'RESCUE 2', t.clock.now(), 40.71, -74.0));
    await eventually(
      () => t.services.unitsRepository.find(unitId),
      (row) => row?.lat === 40.71,
    );

    const again = await enrolWith(made.token);
    expect(again.answer.status).toBe(401);
    expect(JSON.parse(again.answer.body).error.message).toMatch(/used already/);
    expect(JSON.stringify(await t.services.audit.latest(20))).toContain('enrolmentToken');
  });

  it('refuses an expired token, a token sent for another email, and a token for a unit the person left', async () => {
    const expired = await enrolment();
    t.clock.advance(24 * 60 * 60_000 + 1);
    const late = await enrolWith(expired.token);
    expect(late.answer.status).toBe(401);
    expect(JSON.parse(late.answer.body).error.message).toMatch(/expired on/);
    command = await signIn(t.app, adminEmail);

    // Another person's email with this token is checked as that person's password, and fails as one.
    const other = await createUser(t.services, { role: 'Field_Unit' });
    const fresh = await enrolment();
    expect((await enrolWith(fresh.token, other.email)).answer.status).toBe(401);

    const moved = (await t.services.units.create({ callsign: 'RESCUE 3', kind: 'fire', members: [] })).id;
    await t.services.db.kysely.deleteFrom('unit_members').where('user_id', '=', crew.id).execute();
    await t.services.db.kysely.insertInto('unit_members').values({ unit_id: moved, user_id: crew.id }).execute();
    const elsewhere = await enrolWith(fresh.token);
    expect(elsewhere.answer.status).toBe(409);
    expect(JSON.parse(elsewhere.answer.body).error.message).toMatch(/made for another unit than RESCUE 3/);
    expect((await command.request('GET', '/tak/certificates')).json().certificates).toEqual([]);
  });

  it('is for administrators, for a member of the unit’s crew, and says so', async () => {
    const field = await signIn(t.app, crew.email);
    expect((await onboard({ unitId, userId: crew.id }, field)).statusCode).toBe(403);
    const stranger = await createUser(t.services, { role: 'Field_Unit' });
    const notCrew = await onboard({ unitId, userId: stranger.id });
    expect(notCrew.statusCode).toBe(400);
    expect(notCrew.json().error.message).toMatch(/member of RESCUE 2’s crew/);
    expect((await onboard({ unitId: 'nope', userId: crew.id })).statusCode).toBe(404);
    expect((await onboard({ unitId })).statusCode).toBe(400);
    expect(await t.services.db.kysely.selectFrom('tak_enrolment_tokens').selectAll().execute()).toEqual([]);
  });

  it('keeps the token when the certificate could not be stored, so the device can enrol again', async () => {
    const made = await enrolment();
    // The database refuses the certificate's row once (a lost connection, say).
    const repository = (t.services.takCertificates as unknown as { repository: TakCertificatesRepository }).repository;
    const insert = vi.spyOn(repository, 'insertReplacing').mockRejectedValueOnce(new Error('the database went away'));
    const failed = await enrolWith(made.token);
    expect(failed.answer.status).toBe(500);
    expect(insert).toHaveBeenCalledTimes(1);
    insert.mockRestore();
    const stored = await t.services.db.kysely.selectFrom('tak_enrolment_tokens').selectAll().execute();
    expect(stored[0]!.used_at).toBeNull();

    const again = await enrolWith(made.token);
    expect(again.answer.status, again.answer.body).toBe(200);
    expect((await t.services.db.kysely.selectFrom('tak_enrolment_tokens').selectAll().execute())[0]!.used_at).not.toBeNull();
  });

  it('makes no token for a unit whose device another crew member enrolled, and says who holds it', async () => {
    const first = await enrolWith(STRONG_PASSWORD);
    expect(first.answer.status, first.answer.body).toBe(200);
    const second = await createUser(t.services, { role: 'Field_Unit', full_name: 'Ines Varga' });
    await t.services.db.kysely.insertInto('unit_members').values({ unit_id: unitId, user_id: second.id }).execute();

    const refused = await onboard({ unitId, userId: second.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'RESCUE 2 already has a TAK device, enrolled by Noor Haddad. An administrator revokes that certificate first.',
    );
    expect(await t.services.db.kysely.selectFrom('tak_enrolment_tokens').selectAll().execute()).toEqual([]);
    // Its holder may still re-enrol (a new phone): their new certificate replaces the old.
    expect((await onboard({ unitId, userId: crew.id })).statusCode).toBe(201);
  });
});
