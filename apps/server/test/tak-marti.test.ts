import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { pli } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import { connectTls, enrolDevice, foreignClient, marti, multipartPackage } from './tak-tls-device';

const DEVICE = 'ANDROID-5f0c2b1d9e8a7710';

describe.each(TEST_DIALECTS)('the Marti API a connected ATAK calls, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: { id: string; email: string };
  let ca: string;
  let client: { cert: string; key: string };
  const devices: SimulatedDevice[] = [];

  const martiPort = () => t.takTls.martiPort!;
  const asCrew = () => ({ email: crew.email, role: 'Field_Unit' });
  /** Another person's device, enrolled with their password, in a unit of their own. */
  const deviceOf = async (callsign: string, uid: string) => {
    const person = await createUser(t.services, { role: 'Field_Unit' });
    await t.services.units.create({ callsign, kind: 'fire', members: [person.id] });
    const { cert, key } = await enrolDevice(t.takTls.enrolPort!, ca, { email: person.email, password: STRONG_PASSWORD, uid });
    return { person, cert, key };
  };
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
    const { cert, key } = await enrolDevice(t.takTls.enrolPort!, ca, { email: crew.email, password: STRONG_PASSWORD, uid: DEVICE });
    client = { cert, key };
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
    expect(await t.services.takDataPackages.find(hash, asCrew())).toMatchObject({ file_key: `${hash.slice(0, 2)}/${hash}` });
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
    expect(await t.services.takDataPackages.search({}, asCrew())).toEqual([]);

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

  it('ends an upload the device cut off, keeping none of its bytes, whether multipart or bare', async () => {
    const incoming = path.join(t.config.dataDir, 'tak-packages', 'incoming');
    const partial = () => Promise.resolve(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
    const { body, type } = await multipartPackage(Buffer.alloc(4096, 7), 'cut.zip');
    for (const headers of [{ 'content-type': type }, { 'content-type': 'application/zip' }]) {
      const request = https.request({
        host: '127.0.0.1',
        port: martiPort(),
        servername: 'localhost',
        ca,
        ...client,
        method: 'POST',
        path: '/Marti/sync/missionupload?filename=cut.zip',
        headers: { host: `localhost:${martiPort()}`, 'content-length': String(body.length * 10), ...headers },
      });
      request.on('error', () => undefined);
      request.write(body.subarray(0, body.length - 200));
      // The store has begun writing the bytes; then the connection drops mid-body.
      await eventually(partial, (files) => files.length === 1);
      request.destroy();
      await eventually(partial, (files) => files.length === 0);
    }
    expect(await t.services.takDataPackages.search({}, asCrew())).toEqual([]);
  });

  it('bounds a request by its headers and by a minute without bytes, not by how long a large upload takes', () => {
    // A data package over a slow link may take many minutes; a silent connection is ended after one.
    expect(t.takTls.martiServer).toMatchObject({ requestTimeout: 0, headersTimeout: 60_000, timeout: 60_000 });
  });

  it('serves a package whose name is not Latin-1, with an ASCII stand-in and the name in UTF-8', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 Пожарная часть 7');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const name = 'Пожар “north” 消防.zip';
    const { body, type } = await multipartPackage(bytes, 'x.zip');
    const uploaded = await call({
      method: 'POST',
      path: `/Marti/sync/missionupload?hash=${hash}&filename=${encodeURIComponent(name)}`,
      body,
      headers: { 'content-type': type },
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(200);
    const content = await call({ path: `/Marti/sync/content?hash=${hash}` });
    expect(content.status, content.body.toString()).toBe(200);
    expect(content.body.equals(bytes)).toBe(true);
    const disposition = String(content.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
  });

  it('keeps a private package to the device that sent it; only it or command change who sees it', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 the sender’s own notes');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const { body, type } = await multipartPackage(bytes, 'notes.zip');
    const sent = await call({
      method: 'POST',
      path: `/Marti/sync/missionupload?hash=${hash}&filename=notes.zip`,
      body,
      headers: { 'content-type': type },
    });
    expect(sent.status, sent.body.toString()).toBe(200);
    const other = await deviceOf('ENGINE 4', 'ANDROID-0a0b0c0d0e0f1011');
    const searched = (as: { cert: string; key: string }) =>
      call({ path: '/Marti/sync/search' }, as).then(
        (answer) => (JSON.parse(answer.body.toString()) as { resultCount: number }).resultCount,
      );

    // Another device neither lists, finds, downloads nor publishes it: to it, there is no such package.
    expect(await searched(other)).toBe(0);
    expect(await searched(client)).toBe(1);
    expect((await call({ path: `/Marti/sync/missionquery?hash=${hash}` }, other)).status).toBe(404);
    expect((await call({ path: `/Marti/sync/content?hash=${hash}` }, other)).status).toBe(404);
    expect((await call({ method: 'PUT', path: `/Marti/api/sync/metadata/${hash}/tool`, body: 'public' }, other)).status).toBe(404);
    expect((await t.services.takDataPackages.find(hash, asCrew()))?.tool).toBe('private');

    // Once its sender makes it public every device has it, but only the sender or command take it back.
    expect((await call({ method: 'PUT', path: `/Marti/api/sync/metadata/${hash}/tool`, body: 'public' })).status).toBe(200);
    expect(await searched(other)).toBe(1);
    expect((await call({ path: `/Marti/sync/content?hash=${hash}` }, other)).body.equals(bytes)).toBe(true);
    const taken = await call({ method: 'PUT', path: `/Marti/api/sync/metadata/${hash}/tool`, body: 'private' }, other);
    expect(taken.status).toBe(403);
    expect(taken.body.toString()).toContain(`Only ${crew.email}`);
    // A crew member made Command_Admin after enrolling: their device now curates packages.
    const commander = await deviceOf('COMMAND 1', 'ANDROID-1a1b1c1d1e1f2021');
    expect((await command.request('PATCH', `/users/${commander.person.id}`, { role: 'Command_Admin' })).statusCode).toBe(200);
    expect((await call({ method: 'PUT', path: `/Marti/api/sync/metadata/${hash}/tool`, body: 'private' }, commander)).status).toBe(200);
    expect(await searched(other)).toBe(0);
  });

  it('answers bad requests with 400 before reading an upload, and ends the connection it did not read', async () => {
    const { body } = await multipartPackage(Buffer.from('PK\u0003\u0004 x'), 'x.zip');
    const badHash = await call({
      method: 'POST',
      path: '/Marti/sync/missionupload?hash=nothex&filename=x.zip',
      body,
      headers: { 'content-type': 'application/zip' },
    });
    expect(badHash.status).toBe(400);
    expect(badHash.body.toString()).toContain('SHA-256');
    expect(badHash.headers.connection).toBe('close');

    const noBoundary = await call({
      method: 'POST',
      path: '/Marti/sync/missionupload?filename=x.zip',
      body,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status, noBoundary.body.toString()).toBe(400);
    expect(noBoundary.body.toString()).toContain('The upload could not be read');

    const broken = await call({ method: 'PUT', path: '/Marti/api/sync/metadata/%E0%A4%A/tool', body: 'public' });
    expect(broken.status).toBe(400);
    expect(broken.body.toString()).toContain('malformed %-escape');
    expect(await t.services.takDataPackages.search({}, asCrew())).toEqual([]);
  });

  it('keeps at most 50 packages or 2 GB per person, refusing more with what the limit is and keeping nothing', async () => {
    const kept = (index: number, size: number) => ({
      hash: createHash('sha256').update(`kept ${index}`).digest('hex'),
      file_key: `00/${'0'.repeat(64)}`,
      name: `kept-${index}.zip`,
      mime_type: 'application/zip',
      size,
      keywords: 'missionpackage',
      tool: 'private',
      creator_uid: DEVICE,
      submitter: crew.email,
      submitted_at: t.clock.now(),
    });
    const send = async (text: string) => {
      const { body, type } = await multipartPackage(Buffer.from(text), 'more.zip');
      return call({ method: 'POST', path: '/Marti/sync/missionupload?filename=more.zip', body, headers: { 'content-type': type } });
    };
    const storedFiles = () =>
      fs
        .readdirSync(path.join(t.config.dataDir, 'tak-packages'), { recursive: true })
        .filter((entry) => /[0-9a-f]{64}$/.test(String(entry)));

    // Nearly 2 GB kept already: a package that passes it is refused, and its bytes are not kept.
    await t.services.db.kysely
      .insertInto('tak_data_packages')
      .values(kept(0, 2 * 1024 * 1024 * 1024 - 10))
      .execute();
    const tooBig = await send('PK\u0003\u0004 eleven or more bytes');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.toString()).toContain('would pass 2 GB');
    expect(storedFiles()).toEqual([]);

    await t.services.db.kysely.deleteFrom('tak_data_packages').execute();
    await t.services.db.kysely
      .insertInto('tak_data_packages')
      .values([...Array(50).keys()].map((index) => kept(index, 1)))
      .execute();
    const tooMany = await send('PK\u0003\u0004 the fifty-first');
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.toString()).toContain('You keep 50 data packages here, the most one person may.');
    expect(await t.services.takDataPackages.search({}, asCrew())).toHaveLength(50);
    // Another person's devices have their own quota.
    const other = await deviceOf('ENGINE 5', 'ANDROID-2a2b2c2d2e2f3031');
    const { body, type } = await multipartPackage(Buffer.from('PK\u0003\u0004 theirs'), 'theirs.zip');
    expect(
      (
        await call(
          { method: 'POST', path: '/Marti/sync/missionupload?filename=theirs.zip', body, headers: { 'content-type': type } },
          other,
        )
      ).status,
    ).toBe(200);
  });
});
