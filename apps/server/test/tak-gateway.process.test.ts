import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { ManualClock, systemClock } from '../src/lib/clock';
import { createServices } from '../src/services';
import { TakCertificateAuthority } from '../src/features/tak/tak-ca';
import { freePort } from './free-port';
import { signInOver, startBuiltServer, stopServer, type ServerProcess } from './server-processes';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { iso, ping, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';
import { csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

/**
 * Issue 18: the gateway against Argus's own CoT endpoint in a second process (the built server, as
 * `npm start` runs it), with a certificate enrolled there as a device's. The Argus under test runs
 * the gateway in this process; the other is killed and started again to show the link comes back.
 */
const UPSTREAM_DEVICE = 'ANDROID-upstream-0001';
const LOCAL_DEVICE = 'ANDROID-downstream-0002';
const GATEWAY_UID = 'ARGUS-GATEWAY-DOWNSTREAM';

/** A GeoChat in the team room "Cyan" between two devices, shaped as fixtures/cot/geochat-team-room.xml. */
function teamChat(senderUid: string, callsign: string, memberUid: string, text: string): string {
  const at = iso(Date.now());
  const id = randomUUID();
  return (
    `<event version="2.0" uid="GeoChat.${senderUid}.Cyan.${id}" type="b-t-f" time="${at}" start="${at}" stale="${iso(Date.now() + 86_400_000)}" how="h-g-i-g-o">` +
    `<point lat="51.5" lon="-0.12" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><__chat parent="TeamGroups" groupOwner="false" messageId="${id}" chatroom="Cyan" id="Cyan" senderCallsign="${callsign}">` +
    `<chatgrp uid0="${senderUid}" uid1="${memberUid}" id="Cyan"/></__chat>` +
    `<link uid="${senderUid}" type="a-f-G-U-C" relation="p-p"/>` +
    `<remarks source="BAO.F.ATAK.${senderUid}" to="Cyan" time="${at}">${text}</remarks></detail></event>`
  );
}

describe('the gateway to a second Argus in a process of its own', () => {
  let dataDir: string;
  let folder: string;
  let env: Record<string, string>;
  let httpPort: number;
  let cotTcpPort: number;
  let upstream: ServerProcess | undefined;
  let t: TestApp;
  let command: Client;
  let upstreamCommand: Awaited<ReturnType<typeof signInOver>>;
  let liaisonUnit: string;
  const devices: SimulatedDevice[] = [];

  const upstreamContacts = async (): Promise<TakContact[]> => {
    const answer = await fetch(`${upstream!.baseUrl}/tak/contacts`, { headers: upstreamCommand.headers });
    return ((await answer.json()) as { contacts: TakContact[] }).contacts;
  };
  const localContacts = async (): Promise<TakContact[]> => (await command.request('GET', '/tak/contacts')).json().contacts;
  /** A device on a plain-TCP endpoint, once the endpoint serves it: its offer of TAK Protocol is the first thing sent. */
  const connect = async (port: number) => {
    const device = await SimulatedDevice.connect(port);
    devices.push(device);
    await device.until((d) => d.received.includes('t-x-takp-v'));
    return device;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-upstream-'));
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-gateway-'));
    const [http, cotTcp, cotTls, enrolPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    httpPort = http;
    cotTcpPort = cotTcp;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      DATA_DIR: dataDir,
      COT_TCP_PORT: String(cotTcp),
      COT_TLS_PORT: String(cotTls),
      TAK_ENROL_PORT: String(enrolPort),
    };
    // The other Argus's users, unit and certificate authority, made before its process opens them.
    const config = loadConfig(env);
    const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const services = createServices(config, db, systemClock);
    await createUser(services, { role: 'Command_Admin', email: 'command@upstream.test' });
    const liaison = await createUser(services, { role: 'Field_Unit', email: 'liaison@upstream.test' });
    liaisonUnit = (await services.units.create({ callsign: 'LIAISON', kind: 'command', members: [liaison.id] })).id;
    await db.close();
    const ca = (await TakCertificateAuthority.open(dataDir, null)).pem;

    upstream = await startBuiltServer(env, httpPort);
    upstreamCommand = await signInOver(upstream.baseUrl, 'command@upstream.test');

    // The gateway's certificate, enrolled with the other Argus as a device of the liaison's unit.
    const keys = await deviceKeys();
    const answer = await enrol(enrolPort, ca, {
      email: liaison.email,
      password: STRONG_PASSWORD,
      clientUid: GATEWAY_UID,
      csr: await csrFor(keys, liaison.email),
    });
    expect(answer.status, answer.body).toBe(200);
    const { signedCert } = JSON.parse(answer.body) as { signedCert: string };
    // That certificate is a link carrying many devices, not one device (decision 0074): the operator
    // lists its serial and restarts.
    env.TAK_PEER_SERIALS = new x509.X509Certificate(pemOfDer(signedCert)).serialNumber;
    await stopServer(upstream);
    upstream = await startBuiltServer(env, httpPort);
    upstreamCommand = await signInOver(upstream.baseUrl, 'command@upstream.test');
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(folder, name), text);
      return path.join(folder, name);
    };
    t = await buildTestApp(
      'sqlite',
      {
        COT_TCP_PORT: '0',
        TAK_GATEWAY_URL: `ssl://127.0.0.1:${cotTls}`,
        TAK_GATEWAY_CERT_FILE: file('argus.pem', pemOfDer(signedCert)),
        TAK_GATEWAY_KEY_FILE: file('argus-key.pem', await keyPem(keys)),
        TAK_GATEWAY_CA_FILE: file('ca.pem', ca),
        TAK_GATEWAY_RETRY_MS: '100',
        TAK_GATEWAY_MAX_RETRY_MS: '800',
        // The devices on both sides report in real time, which the other process's clock is.
      },
      new ManualClock(Date.now()),
    );
    await t.app.ready();
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) device.end();
    await t?.close();
    await stopServer(upstream);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('relays PLI and chat both ways between a device on each side, and comes back after the other process is killed', async () => {
    const upstreamDevice = await connect(cotTcpPort);
    const localDevice = await connect(t.cot.port!);
    await eventually(
      async () => t.takGateway!.connections,
      (count) => count === 1,
    );

    // The gateway's certificate is a field crew's, who sees its own unit's contacts (decision 0067):
    // the upstream device is bound to that unit, as an administrator there would bind it.
    upstreamDevice.send(pli(UPSTREAM_DEVICE, 'EAGLE 1', Date.now(), 48.85, 2.35));
    await eventually(upstreamContacts, (list) => list.some((contact) => contact.uid === UPSTREAM_DEVICE));
    const bound = await upstreamCommand.put(upstream!.baseUrl, `/tak/contacts/${UPSTREAM_DEVICE}`, { unitId: liaisonUnit });
    expect(bound.status, await bound.text()).toBe(200);

    // PLI, upstream to here: mapped as a contact and seen by the local device.
    upstreamDevice.send(pli(UPSTREAM_DEVICE, 'EAGLE 1', Date.now(), 48.86, 2.35));
    await eventually(localContacts, (list) => list.some((contact) => contact.uid === UPSTREAM_DEVICE));
    await localDevice.until((d) => d.received.includes(UPSTREAM_DEVICE));

    // PLI, here to upstream.
    localDevice.send(pli(LOCAL_DEVICE, 'VIPER 1', Date.now(), 51.5, -0.12));
    await eventually(upstreamContacts, (list) => list.some((contact) => contact.uid === LOCAL_DEVICE));
    await upstreamDevice.until((d) => d.received.includes(LOCAL_DEVICE));

    // Chat in a team room, upstream to here and here to upstream: each side relays it to the member
    // the other side's link carries.
    upstreamDevice.send(teamChat(UPSTREAM_DEVICE, 'EAGLE 1', LOCAL_DEVICE, 'Eagle to Viper: road closed at the bridge'));
    await localDevice.until((d) => d.received.includes('road closed at the bridge'));
    localDevice.send(teamChat(LOCAL_DEVICE, 'VIPER 1', UPSTREAM_DEVICE, 'Viper to Eagle: detouring north'));
    await upstreamDevice.until((d) => d.received.includes('detouring north'));

    // Nothing loops: each device has its own events back from neither side.
    localDevice.send(ping(LOCAL_DEVICE, Date.now()));
    await localDevice.until((d) => d.received.includes('t-x-c-t-r'));
    expect(localDevice.received).not.toContain(`uid='${LOCAL_DEVICE}'`);

    // The other process is killed outright; the gateway tries again with backoff until it is back.
    upstream!.child.kill('SIGKILL');
    await new Promise((resolve) => upstream!.child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Down for 1.5 s with waits from 100 ms doubling to 800 ms: a handful of attempts, no link.
    expect(t.takGateway!.connections).toBe(1);
    upstream = await startBuiltServer(env, httpPort);
    await eventually(
      async () => t.takGateway!.connections,
      (count) => count === 2,
    );

    // The new link carries both ways as the first did.
    const upstreamAgain = await connect(cotTcpPort);
    localDevice.send(pli(LOCAL_DEVICE, 'VIPER 1', Date.now(), 51.51, -0.12));
    await upstreamAgain.until((d) => d.received.includes('51.51'));
    upstreamAgain.send(pli(UPSTREAM_DEVICE, 'EAGLE 1', Date.now(), 48.87, 2.35));
    await localDevice.until((d) => d.received.includes('48.87'));
  }, 120_000);
});
