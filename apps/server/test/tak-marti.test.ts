import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { pli } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import { connectTls, csrFor, deviceKeys, enrol, foreignClient, keyPem, marti, multipartPackage, pemOfDer } from './tak-tls-device';

const DEVICE = 'ANDROID-5f0c2b1d9e8a7710';

describe.each(TEST_DIALECTS)('the Marti API a connected ATAK calls, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: { id: string; email: string };
  let ca: string;
  let client: { cert: string; key: string };
  const devices: SimulatedDevice[] = [];

  const martiPort = () => t.takTls.martiPort!;
  const call = (request: Parameters<typeof marti>[3], as: { cert?: string; key?: string } = client) => marti(martiPort(), ca, as, request);
  const json = async (path: string) => {
    const answer = await call({ path });
    expect(answer.status, answer.body.toString()).toBe(200);
    return JSON.parse(answer.body.toString()) as { version: string; type: string; data: unknown; nodeId: string };
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0', TAK_MARTI_PORT: '0' });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Ada Brook' });
    await t.services.units.create({ callsign: 'ENGINE 9', kind: 'fire', members: [crew.id] });
    const keys = await deviceKeys();
    const answer = await enrol(t.takTls.enrolPort!, ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, crew.email),
    });
    expect(answer.status, answer.body).toBe(200);
    client = { cert: pemOfDer((JSON.parse(answer.body) as { signedCert: string }).signedCert), key: await keyPem(keys) };
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('answers the version, groups and client end points in TAK Server’s shapes', async () => {
    const version = await call({ path: '/Marti/api/version' });
    expect(version.status).toBe(200);
    expect(version.body.toString()).toContain('TAK Server API 3');

    const config = await json('/Marti/api/version/config');
    expect(config).toMatchObject({ version: '3', type: 'ServerConfig', data: { api: '3', hostname: 'localhost' } });
    expect(config.nodeId).toBeTruthy();

    const groups = await json('/Marti/api/groups/all?useCache=true');
    expect(groups.type).toBe('com.bbn.marti.remote.groups.Group');
    expect(groups.data).toEqual([
      expect.objectContaining({ name: '__ANON__', direction: 'IN', active: true }),
      expect.objectContaining({ name: '__ANON__', direction: 'OUT', active: true }),
    ]);
    expect((await json('/Marti/api/groups/groupCacheEnabled')).data).toBe(false);

    expect((await json('/Marti/api/clientEndPoints')).data).toEqual([]);
    const device = await connectTls(t.takTls.tlsPort!, ca, client);
    devices.push(device);
    device.send(pli(DEVICE, 'ENGINE 9', t.clock.now(), 48.85, 2.35));
    await eventually(
      () => t.services.tak.contacts(),
      (contacts) => contacts[0]?.unit !== null && contacts.length === 1,
    );
    const endpoints = await json('/Marti/api/clientEndPoints?secago=3600');
    expect(endpoints.type).toBe('com.bbn.marti.remote.ClientEndpoint');
    expect(endpoints.data).toEqual([
      expect.objectContaining({
        uid: DEVICE,
        callsign: 'ENGINE 9',
        username: 'ENGINE 9',
        lastStatus: 'Connected',
        lastEventTime: new Date(t.clock.now()).toISOString(),
      }),
    ]);

    const unknown = await call({ path: '/Marti/api/missions' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toContain('does not serve /Marti/api/missions');
  });

  it('stores a data package ATAK uploads in the file store, lists it once public, and serves its bytes', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 a small data package with a marker in it');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const { body, type } = await multipartPackage(bytes, 'north-gate.zip');
    const uploaded = await call({
      method: 'POST',
      path: `/Marti/sync/missionupload?hash=${hash}&filename=north-gate.zip&creatorUid=${DEVICE}`,
      body,
      headers: { 'content-type': type },
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(200);
    expect(uploaded.body.toString()).toBe(`https://localhost:${martiPort()}/Marti/sync/content?hash=${hash}`);

    expect((await call({ path: `/Marti/sync/missionquery?hash=${hash}` })).status).toBe(200);
    const hidden = JSON.parse((await call({ path: '/Marti/sync/search?tool=public' })).body.toString()) as { resultCount: number };
    expect(hidden.resultCount).toBe(0);
    expect((await call({ method: 'PUT', path: `/Marti/api/sync/metadata/${hash}/tool`, body: 'public' })).status).toBe(200);
    const search = JSON.parse((await call({ path: '/Marti/sync/search?tool=public&keywords=missionpackage' })).body.toString()) as {
      resultCount: number;
      results: Record<string, unknown>[];
    };
    expect(search.resultCount).toBe(1);
    expect(search.results[0]).toMatchObject({
      Hash: hash,
      Name: 'north-gate.zip',
      CreatorUid: DEVICE,
      SubmissionUser: crew.email,
      Size: bytes.length,
      Tool: 'public',
    });

    // The bytes are in the server's file store, named by their hash, so every process serves them.
    expect(await t.services.takDataPackages.find(hash)).toMatchObject({ file_key: `${hash.slice(0, 2)}/${hash}` });
    const content = await call({ path: `/Marti/sync/content?hash=${hash}` });
    expect(content.status).toBe(200);
    expect(content.body.equals(bytes)).toBe(true);
    expect(content.headers['content-disposition']).toContain('north-gate.zip');
  });

  it('refuses a package whose bytes are not the hash it names, and unknown or malformed hashes, keeping nothing', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 one package');
    const wrong = createHash('sha256').update('another').digest('hex');
    const { body, type } = await multipartPackage(bytes, 'a.zip');
    const refused = await call({
      method: 'POST',
      path: `/Marti/sync/missionupload?hash=${wrong}&filename=a.zip`,
      body,
      headers: { 'content-type': type },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain(`not the ${wrong} the request named`);
    expect(await t.services.takDataPackages.search({})).toEqual([]);

    expect((await call({ path: `/Marti/sync/content?hash=${wrong}` })).status).toBe(404);
    const malformed = await call({ path: '/Marti/sync/content?hash=../../etc/passwd' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.toString()).toContain('SHA-256');
    const empty = await call({
      method: 'POST',
      path: '/Marti/sync/missionupload?filename=b.zip',
      body: '',
      headers: { 'content-type': 'application/zip' },
    });
    expect(empty.status).toBe(400);
  });

  it('serves only a certificate in force: none, another authority’s, and a revoked one are refused', async () => {
    await expect(call({ path: '/Marti/api/version' }, {})).rejects.toThrow();
    await expect(call({ path: '/Marti/api/version' }, await foreignClient(crew.email))).rejects.toThrow();

    const [certificate] = (await command.request('GET', '/tak/certificates')).json().certificates as { id: string }[];
    expect((await command.request('POST', `/tak/certificates/${certificate!.id}/revoke`)).statusCode).toBe(200);
    const revoked = await call({ path: '/Marti/api/version' });
    expect(revoked.status).toBe(403);
    expect(revoked.body.toString()).toContain('a revoked certificate');
  });
});
