import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { TEST_DIALECTS } from './databases';
import { addOtherCrew, setUpCrewedIncident } from './crewed-incident';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

/**
 * Web Push for the field phone (docs/decisions/0043-the-field-phone-offline-and-attention.md):
 * subscriptions (who may, whose they are), the events pushed to the crew concerned through the
 * real `web-push` library to a push service on this machine (HTTPS with a certificate made for the
 * test, as push services only speak HTTPS), a subscription the push service calls gone is
 * forgotten, and a push service that cannot be reached breaks nothing.
 */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

let pushService: https.Server;
let pushBase: string;
let received: Received[] = [];
let certDir: string;
const vapid = webPush.generateVAPIDKeys();

/** A browser's subscription keys: a P-256 public key and a 16-byte secret, base64url as browsers give them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

beforeAll(async () => {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-push-'));
  const key = path.join(certDir, 'key.pem');
  const cert = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const certificate = fs.readFileSync(cert);
  // The test's push service is trusted the way a real one is trusted through the system's CAs.
  https.globalAgent.options.ca = [certificate];
  pushService = https.createServer({ key: fs.readFileSync(key), cert: certificate }, (request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, bytes });
      // A path with "gone" plays a subscription the browser dropped (RFC 8030: 410 Gone).
      response.writeHead(request.url?.includes('gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});

afterAll(async () => {
  https.globalAgent.options.ca = undefined;
  await new Promise((resolve) => pushService.close(resolve));
  fs.rmSync(certDir, { recursive: true, force: true });
});

describe.each(TEST_DIALECTS)('web push on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let otherCrew: Client;
  let civic: Client;
  let unitId: string;
  let incidentId: string;

  const subscribe = (client: Client, endpoint: string) => client.request('POST', '/push/subscriptions', { endpoint, keys: browserKeys() });
  const pushesTo = (name: string) => received.filter((push) => push.path === `/${name}`);
  const settle = async (count: number) => {
    for (let tries = 0; tries < 100 && received.length < count; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  beforeEach(async () => {
    received = [];
    t = await buildTestApp(dialect, {
      WEB_PUSH_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:ops@argus.test',
    });
    ({ command, crew, unitId, incidentId } = await setUpCrewedIncident(t, { commandName: 'Casey Command', incident: { location: HERE } }));
    ({ outsider: otherCrew } = await addOtherCrew(t, command));
    civic = (await signInNewUser(t, 'Civic_Reporter')).client;
  });
  afterEach(() => t.close());

  it('gives the VAPID key, lets a field unit subscribe its browser, and refuses others and bad subscriptions', async () => {
    expect((await crew.request('GET', '/push/key')).json()).toEqual({ publicKey: vapid.publicKey });
    expect((await subscribe(crew, `${pushBase}/crew`)).statusCode).toBe(204);
    expect((await subscribe(civic, `${pushBase}/civic`)).statusCode).toBe(403);
    expect((await subscribe(command, `${pushBase}/command`)).statusCode).toBe(403);
    const plain = await subscribe(crew, 'http://127.0.0.1/not-https');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.code).toBe('validation_failed');
    // Another crew member cannot remove it; its owner can, once.
    expect((await otherCrew.request('DELETE', '/push/subscriptions', { endpoint: `${pushBase}/crew` })).statusCode).toBe(404);
    expect((await crew.request('DELETE', '/push/subscriptions', { endpoint: `${pushBase}/crew` })).statusCode).toBe(204);
    expect((await crew.request('DELETE', '/push/subscriptions', { endpoint: `${pushBase}/crew` })).statusCode).toBe(404);
  });

  it('pushes a new assignment and command’s message to the crew of that unit only, encrypted and signed', async () => {
    await subscribe(crew, `${pushBase}/crew`);
    await subscribe(otherCrew, `${pushBase}/other`);
    expect((await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).statusCode).toBe(201);
    await settle(1);
    const [assignment] = pushesTo('crew');
    expect(assignment).toBeDefined();
    expect(assignment!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(assignment!.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(assignment!.bytes).toBeGreaterThan(0);

    await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: unitId, body: 'Use the north gate' });
    await settle(2);
    expect(pushesTo('crew')).toHaveLength(2);
    // The crew's own words push nothing back to it.
    await crew.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: unitId, body: 'Copy' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo('crew')).toHaveLength(2);
    expect(pushesTo('other')).toHaveLength(0);
  });

  it('pushes a broadcast to every field unit, and forgets a subscription the push service calls gone', async () => {
    await subscribe(crew, `${pushBase}/crew`);
    await subscribe(otherCrew, `${pushBase}/gone`);
    await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', body: 'All units: bridge closed' });
    await settle(2);
    expect(pushesTo('crew')).toHaveLength(1);
    expect(pushesTo('gone')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await otherCrew.request('DELETE', '/push/subscriptions', { endpoint: `${pushBase}/gone` })).statusCode).toBe(404);
  });

  it('tells a deactivated account’s phone nothing, for its unit or for a broadcast', async () => {
    await subscribe(crew, `${pushBase}/crew`);
    await subscribe(otherCrew, `${pushBase}/other`);
    const member = (await crew.request('GET', '/auth/me')).json().user.id as string;
    // An administrator's deactivation flips the account; the phone's subscription row stays behind.
    await t.services.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', member).execute();

    expect((await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).statusCode).toBe(201);
    await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', body: 'All units: bridge closed' });
    await settle(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo('other')).toHaveLength(1);
    expect(pushesTo('crew')).toHaveLength(0);
  });

  it('loses nothing else when the push service cannot be reached', async () => {
    // A port nobody listens on.
    await subscribe(crew, 'https://127.0.0.1:9/unreachable');
    expect((await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).statusCode).toBe(201);
    const active = (await crew.request('GET', '/dispatches?active=true')).json().assignments;
    expect(active).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Not gone, only unreachable: kept for the next push.
    expect((await crew.request('DELETE', '/push/subscriptions', { endpoint: 'https://127.0.0.1:9/unreachable' })).statusCode).toBe(204);
  });
});

describe('web push when not configured', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers that there is no key, and refuses a subscription with 409', async () => {
    t = await buildTestApp(TEST_DIALECTS[0]!);
    const crew = (await signInNewUser(t, 'Field_Unit')).client;
    expect((await crew.request('GET', '/push/key')).json()).toEqual({ publicKey: null });
    const refused = await crew.request('POST', '/push/subscriptions', { endpoint: 'https://push.example/x', keys: browserKeys() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('push_not_configured');
  });
});
