import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { TakCertificateAuthority } from '../src/features/tak/tak-ca';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client } from './support';
import { ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';
import { csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

const FROM_SERVER = 'ANDROID-server-side-0001';
const LOCAL = 'ANDROID-argus-side-0002';
/** The sender and the member of the team chat in fixtures/cot/geochat-team-room.xml. */
const TEAM_SENDER = 'ANDROID-589520ccfcd20f01';
const TEAM_MEMBER = 'ANDROID-e3a7bd5b39c54a05';

/** Certificate files as an operator would lay them out for Argus's gateway. */
function writeCredentials(folder: string, credentials: { cert: string; key: string; ca: string }) {
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(folder, name), text);
    return path.join(folder, name);
  };
  return {
    TAK_GATEWAY_CERT_FILE: file('argus.pem', credentials.cert),
    TAK_GATEWAY_KEY_FILE: file('argus-key.pem', credentials.key),
    TAK_GATEWAY_CA_FILE: file('ca.pem', credentials.ca),
    TAK_GATEWAY_RETRY_MS: '50',
    TAK_GATEWAY_MAX_RETRY_MS: '400',
  };
}

/**
 * A minimal TAK Server for the test: TLS with client certificates from its own CA, relaying each
 * connection's CoT bytes to the others. It keeps every link Argus made, as a device it can write to.
 */
async function minimalTakPeer(folder: string) {
  const authority = await TakCertificateAuthority.open(folder, null);
  const server = await authority.serverCertificate(['localhost', '127.0.0.1']);
  const links: SimulatedDevice[] = [];
  let refusedHandshakes = 0;
  const peer = tls.createServer({ ...server, ca: [authority.pem], requestCert: true, rejectUnauthorized: true }, (socket) => {
    links.push(SimulatedDevice.over(socket));
  });
  peer.on('tlsClientError', () => (refusedHandshakes += 1));
  const port = await new Promise<number>((resolve) =>
    peer.listen(0, '127.0.0.1', () => resolve((peer.address() as { port: number }).port)),
  );
  /** A client certificate from this server's CA, as its operator would issue one for Argus. */
  const issue = async (commonName: string) => {
    const keys = await deviceKeys();
    const csr = await authority.readCsr(await csrFor(keys, commonName));
    const issued = await authority.signClient(csr, new x509.Name(`CN=${commonName}`), 30);
    return { cert: issued.pem, key: await keyPem(keys), ca: authority.pem };
  };
  return {
    port,
    links,
    issue,
    refused: () => refusedHandshakes,
    close: () => {
      for (const link of links) link.end();
      return new Promise<void>((resolve) => peer.close(() => resolve()));
    },
  };
}

describe('the gateway to an existing TAK Server', () => {
  let folder: string;
  const cleanup: (() => Promise<void> | void)[] = [];
  const contactsOf = async (command: Client): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;

  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-gateway-'));
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const argusWithGateway = async (port: number, credentials: { cert: string; key: string; ca: string }) => {
    const t = await buildTestApp('sqlite', {
      COT_TCP_PORT: '0',
      TAK_GATEWAY_URL: `ssl://127.0.0.1:${port}`,
      ...writeCredentials(folder, credentials),
    });
    cleanup.push(() => t.close());
    await t.app.ready();
    const command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    return { t, command };
  };

  describe('with a minimal TLS CoT peer', () => {
    let peer: Awaited<ReturnType<typeof minimalTakPeer>>;
    beforeEach(async () => {
      peer = await minimalTakPeer(path.join(folder, 'peer'));
      cleanup.push(() => peer.close());
    });

    it('relays both ways with Argus’s mapping, sends Argus’s picture, and loops nothing back', async () => {
      const { t, command } = await argusWithGateway(peer.port, await peer.issue('argus-gateway'));
      await eventually(
        async () => peer.links.length,
        (count) => count === 1,
      );
      const server = peer.links[0]!;
      const local = await SimulatedDevice.connect(t.cot.port!);
      cleanup.push(() => local.end());

      // From the server: mapped as a contact, and relayed to Argus's own devices.
      server.send(pli(FROM_SERVER, 'EAGLE 1', t.clock.now(), 48.85, 2.35));
      const [contact] = await eventually(
        () => contactsOf(command),
        (list) => list.length === 1,
      );
      expect(contact).toMatchObject({ uid: FROM_SERVER, callsign: 'EAGLE 1', location: { lat: 48.85, lon: 2.35 } });
      await local.until((d) => d.received.includes(FROM_SERVER));

      // From Argus's device: to the server.
      local.send(pli(LOCAL, 'VIPER 1', t.clock.now(), 51.5, -0.12));
      await server.until((d) => d.received.includes(LOCAL));

      // Argus's own picture goes out: a unit with a position.
      const crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
      const unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
      const actor = (await t.services.usersRepository.findById(crew.id))!;
      await t.services.units.setPosition(actor, unitId, { clientId: randomUUID(), location: { lat: 10, lon: 20 } });
      await server.until((d) => d.received.includes(`uid="argus-unit-${unitId}"`));

      // Everything the server sent has been handled once its ping is answered: nothing came back.
      server.send(ping(FROM_SERVER, t.clock.now()));
      await server.until((d) => d.received.includes('t-x-c-t-r'));
      expect(server.received).not.toContain(FROM_SERVER);
      expect(server.received).not.toContain('t-x-takp-v');
      local.send(ping(LOCAL, t.clock.now()));
      await local.until((d) => d.received.includes('t-x-c-t-r'));
      expect(local.received.split(`uid='${LOCAL}'`)).toHaveLength(1);
      // The server's answer to its own ping reached neither Argus's devices nor the server twice.
      expect(local.received.split('takPong')).toHaveLength(2);
    });

    it('takes the server for many devices: Argus’s messages only as broadcasts, chats to its devices relayed to it', async () => {
      const { t, command } = await argusWithGateway(peer.port, await peer.issue('argus-gateway'));
      await eventually(
        async () => peer.links.length,
        (count) => count === 1,
      );
      const server = peer.links[0]!;
      const crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
      const unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
      // The first uid the link speaks as is bound to a unit: a device's would hear that unit's conversation.
      server.send(pli(TEAM_MEMBER, 'DRAGON', t.clock.now(), 48.85, 2.35));
      await eventually(
        () => contactsOf(command),
        (list) => list.length === 1,
      );
      expect((await command.request('PUT', `/tak/contacts/${TEAM_MEMBER}`, { unitId })).statusCode).toBe(200);

      const post = async (body: Record<string, unknown>) =>
        expect((await command.request('POST', '/messages', { clientId: randomUUID(), ...body })).statusCode).toBe(201);
      await post({ channel: 'unit', targetId: unitId, body: 'For MEDIC 4 only' });
      await post({ channel: 'broadcast', body: 'All units: stand by' });
      // Messages go out in the order written: once the broadcast is there, the unit's would have been.
      await server.until((d) => d.received.includes('All units: stand by'));
      expect(server.received).not.toContain('For MEDIC 4 only');

      // A team chat from Argus's device to devices on the server crosses the link, once for both.
      server.send(pli(FROM_SERVER, 'EAGLE 1', t.clock.now(), 48.85, 2.36));
      const local = await SimulatedDevice.connect(t.cot.port!);
      cleanup.push(() => local.end());
      local.send(pli(TEAM_SENDER, 'HOPLITE', t.clock.now(), 51.5, -0.12));
      const team = fs.readFileSync(new URL('./fixtures/cot/geochat-team-room.xml', import.meta.url), 'utf8');
      local.send(team.replace(`uid1="${TEAM_MEMBER}"`, `uid1="${TEAM_MEMBER}" uid2="${FROM_SERVER}"`));
      await server.until((d) => d.received.includes('Cyan team: hold at the river'));
      // A second copy would have been written in the same turn as the first (one corked write).
      local.send(ping(TEAM_SENDER, t.clock.now()));
      await local.until((d) => d.received.includes('t-x-c-t-r'));
      expect(server.received.split('Cyan team: hold at the river')).toHaveLength(2);
    });

    it('tries again after the server drops the link, with backoff', async () => {
      const { t } = await argusWithGateway(peer.port, await peer.issue('argus-gateway'));
      await eventually(
        async () => peer.links.length,
        (count) => count === 1,
      );
      peer.links[0]!.end();
      await eventually(
        async () => peer.links.length,
        (count) => count === 2,
      );
      expect(t.takGateway!.connections).toBe(2);
      // The new link is served like the first: what the server sends lands.
      peer.links[1]!.send(pli(FROM_SERVER, 'EAGLE 1', t.clock.now(), 1, 2));
      await eventually(
        () => t.services.tak.contacts(),
        (list) => list.length === 1,
      );
    });

    it('keeps trying, and makes no link, while the server refuses Argus’s certificate', async () => {
      const stranger = await minimalTakPeer(path.join(folder, 'stranger'));
      await argusWithGateway(peer.port, await stranger.issue('argus-gateway'));
      await stranger.close();
      await eventually(
        async () => peer.refused(),
        (count) => count >= 3,
      );
      expect(peer.links).toEqual([]);
    });
  });

  it('joins Argus’s own TLS endpoint, enrolled as a device would be, and relays both ways', async () => {
    const upstream = await buildTestApp('sqlite', { COT_TCP_PORT: '0', COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    cleanup.push(() => upstream.close());
    await upstream.app.ready();
    const upstreamCommand = await signIn(
      upstream.app,
      (await createUser(upstream.services, { role: 'Command_Admin', full_name: 'Ada Park' })).email,
    );
    const liaison = await createUser(upstream.services, { role: 'Field_Unit', full_name: 'Lee Moss' });
    const liaisonUnit = (await upstream.services.units.create({ callsign: 'LIAISON', kind: 'command', members: [liaison.id] })).id;
    const ca = upstream.takTls.authority!.pem;
    const keys = await deviceKeys();
    const answer = await enrol(upstream.takTls.enrolPort!, ca, {
      email: liaison.email,
      password: STRONG_PASSWORD,
      clientUid: 'ARGUS-GATEWAY-DOWNSTREAM',
      csr: await csrFor(keys, liaison.email),
    });
    expect(answer.status, answer.body).toBe(200);
    const { signedCert } = JSON.parse(answer.body) as { signedCert: string };

    const { t, command } = await argusWithGateway(upstream.takTls.tlsPort!, { cert: pemOfDer(signedCert), key: await keyPem(keys), ca });
    const upstreamDevice = await SimulatedDevice.connect(upstream.cot.port!);
    const localDevice = await SimulatedDevice.connect(t.cot.port!);
    cleanup.push(() => {
      upstreamDevice.end();
      localDevice.end();
    });
    await eventually(
      () => upstream.services.takCertificates.list(),
      (list) => list.length === 1,
    );

    // Each device is sent what its user may see (decision 0067). The gateway's certificate is a field
    // crew's, who sees its own unit's contacts and no unbound one: the upstream device is bound to it.
    upstreamDevice.send(pli(FROM_SERVER, 'EAGLE 1', upstream.clock.now(), 48.85, 2.35));
    await eventually(
      () => contactsOf(upstreamCommand),
      (list) => list.some((contact) => contact.uid === FROM_SERVER),
    );
    expect((await upstreamCommand.request('PUT', `/tak/contacts/${FROM_SERVER}`, { unitId: liaisonUnit })).statusCode).toBe(200);
    upstreamDevice.send(pli(FROM_SERVER, 'EAGLE 1', upstream.clock.now(), 48.86, 2.35));
    await eventually(
      () => contactsOf(command),
      (list) => list.some((contact) => contact.uid === FROM_SERVER),
    );
    await localDevice.until((d) => d.received.includes(FROM_SERVER));

    localDevice.send(pli(LOCAL, 'VIPER 1', t.clock.now(), 51.5, -0.12));
    await eventually(
      () => contactsOf(upstreamCommand),
      (list) => list.some((contact) => contact.uid === LOCAL),
    );
    await upstreamDevice.until((d) => d.received.includes(LOCAL));
    expect(upstreamDevice.received.split(`uid='${FROM_SERVER}'`)).toHaveLength(1);
  });
});
