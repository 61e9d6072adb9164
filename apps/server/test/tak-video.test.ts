import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Camera } from '@argus/contracts/http/cameras';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { iso, videoFeed } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import { enrolAndConnect, settled } from './tak-tls-device';

const FEED = { name: 'Gate camera', lat: 51.501, lon: -0.142, address: '10.20.0.5', port: 554, path: '/live/gate', protocol: 'rtsp' };

function deletion(targetUid: string, at: number): string {
  return (
    `<event version="2.0" uid="${randomUUID()}" type="t-x-d-d" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 20_000)}" how="h-g-i-g-o">` +
    `<point lat="0" lon="0" hae="0" ce="9999999" le="9999999"/><detail><link uid="${targetUid}" relation="none" type="none"/><__forcedelete/></detail></event>`
  );
}

describe.each(TEST_DIALECTS)('video feeds from TAK devices as cameras on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let ca: string;
  let commander: { email: string };
  let crew: { id: string; email: string };
  const devices: SimulatedDevice[] = [];

  const deviceOf = async (email: string, uid: string) => {
    const device = await enrolAndConnect({ enrol: t.takTls.enrolPort!, tls: t.takTls.tlsPort! }, ca, {
      email,
      password: STRONG_PASSWORD,
      uid,
    });
    devices.push(device);
    await settled(device);
    return device;
  };
  const cameras = async (): Promise<Camera[]> => (await command.request('GET', '/cameras?includeInactive=true')).json().cameras;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    // A field commander: crews the command vehicle, then is given a command role, so may manage cameras.
    const lead = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    await t.services.units.create({ callsign: 'COMMAND 1', kind: 'patrol', members: [lead.id] });
    await t.services.users.update(lead.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    commander = lead;
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] });
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('registers a feed as a camera with its stream URL and view; the same uid updates it, the delete task deactivates it', async () => {
    const device = await deviceOf(commander.email, 'ANDROID-commander');
    device.send(videoFeed('feed-gate', t.clock.now(), FEED));
    const [camera] = await eventually(cameras, (list) => list.length === 1);
    expect(camera).toMatchObject({
      name: 'Gate camera',
      kind: 'camera',
      location: { lat: 51.501, lon: -0.142 },
      streamUrl: 'rtsp://10.20.0.5:554/live/gate',
      heading: 270,
      fov: 45,
      rangeM: 150,
      room: null,
      active: true,
    });
    expect(camera!.notes).toContain('uid feed-gate');

    // The older `url` attribute wins over the ConnectionEntry; moved and renamed, it is the same camera.
    device.send(videoFeed('feed-gate', t.clock.now(), { ...FEED, name: 'Gate camera east', lon: -0.141, url: 'srt://10.20.0.6:9000' }));
    const [moved] = await eventually(cameras, (list) => list[0]?.name === 'Gate camera east');
    expect(moved).toMatchObject({ id: camera!.id, streamUrl: 'srt://10.20.0.6:9000', location: { lon: -0.141 } });

    device.send(deletion('feed-gate', t.clock.now()));
    await eventually(cameras, (list) => list[0]?.active === false);
  });

  it('makes a UDP URL of ATAK’s raw protocol, and keeps nothing from a feed with credentials in its URL', async () => {
    const device = await deviceOf(commander.email, 'ANDROID-commander');
    device.send(videoFeed('feed-secret', t.clock.now(), { ...FEED, name: 'Secret', url: 'rtsp://admin:hunter2@10.20.0.9/live' }));
    device.send(
      videoFeed('feed-drone', t.clock.now(), { ...FEED, name: 'Drone', address: '239.1.1.1', port: 5600, path: '', protocol: 'raw' }),
    );
    const [drone] = await eventually(cameras, (list) => list.length === 1);
    await settled(device);
    expect(drone).toMatchObject({ name: 'Drone', streamUrl: 'udp://239.1.1.1:5600' });
    expect(await cameras()).toHaveLength(1);
    expect(device.closed).toBe(false);
  });

  it('registers nothing from a device whose user may not manage cameras, and relays the feed to the others', async () => {
    const field = await deviceOf(crew.email, 'ANDROID-medic');
    const other = await deviceOf(commander.email, 'ANDROID-commander');
    field.send(videoFeed('feed-medic', t.clock.now(), FEED));
    await other.until((d) => d.received.includes('feed-medic'));
    await settled(field);
    expect(await cameras()).toEqual([]);
  });

  it('takes a stream URL in the registry’s own form, and refuses one it cannot play', async () => {
    const made = await command.request('POST', '/cameras', {
      name: 'Dock camera',
      kind: 'camera',
      location: { lat: 51.5, lon: -0.1 },
      streamUrl: 'rtsps://cams.example.org/dock',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().camera.streamUrl).toBe('rtsps://cams.example.org/dock');
    const bad = await command.request('POST', '/cameras', {
      name: 'Bad camera',
      kind: 'camera',
      location: { lat: 51.5, lon: -0.1 },
      streamUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('A stream URL starts with rtsp');
    const cleared = await command.request('PATCH', `/cameras/${made.json().camera.id}`, { streamUrl: null });
    expect(cleared.json().camera.streamUrl).toBeNull();
  });
});
