import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TAK_POINTS_PER_DEVICE } from '../src/features/tak/tak-points.service';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { incidentMarker, iso, pli } from './tak-cot';
import { SimulatedDevice, eventually } from './tak-device';
import { connectTls, deviceAtItsPosition, enrolDevice, settled } from './tak-tls-device';

/** Sam's device in MEDIC 4, which places the points. */
const SAM = 'ANDROID-5a11e0c0ffee0001';
/** The duty officer's device, a command user's in the command car. */
const KIM = 'ANDROID-4b1d2c3e4f5a0002';
/** Lee's device, RESCUE 2's. */
const LEE = 'ANDROID-7e3f9a8b6c5d0003';
const SPOT = '9d3e5a0c-6f1b-4c2e-9a71-2b8d4f0e6c15';
const WAYPOINT = '1f6b2d8e-0a4c-4e5b-b3d9-7c2a9e1f0b46';
const CHECKPOINT = 'c4a7e2b9-3d5f-4a18-8e6c-0f9b1d2a7e33';
const HOUR = 3_600_000;

/** A fixture with its times, its placer and (for the delete task) its target filled in. */
function fixture(name: string, fill: { at: number; creator: string; target?: string; staleMs?: number }): string {
  return fs
    .readFileSync(new URL(`./fixtures/cot/${name}`, import.meta.url), 'utf8')
    .trim()
    .replaceAll('STALE', iso(fill.at + (fill.staleMs ?? HOUR)))
    .replaceAll('TIME', iso(fill.at))
    .replaceAll('CREATOR_UID', fill.creator)
    .replaceAll('TARGET_UID', fill.target ?? '');
}
const spotMap = (fill: { at: number; creator: string; staleMs?: number }) => fixture('marker-spot-map-b-m-p-s-m.xml', fill);
const uidsOf = (device: SimulatedDevice) => [...device.received.matchAll(/<event[^>]*?\suid=["']([^"']+)["']/g)].map((match) => match[1]!);

describe.each(TEST_DIALECTS)('points TAK devices place, kept for command’s map, on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let published: OperationalEvent[];
  let medic: string;
  const devices: SimulatedDevice[] = [];
  const emails = new Map<string, string>();

  const points = async (): Promise<TakPoint[]> => {
    const answer = await command.request('GET', '/tak/points');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().points as TakPoint[];
  };
  /** A crew member's device over TLS, enrolled with their password, which has sent its own position. */
  const connect = async (uid: string): Promise<SimulatedDevice> => {
    const device = await deviceAtItsPosition(t, { email: emails.get(uid)!, password: STRONG_PASSWORD, uid });
    devices.push(device);
    return device;
  };

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TCP_PORT: '0', COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    published = [];
    t.services.events.listen((event) => published.push(event));
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const sam = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    const kim = await createUser(t.services, { role: 'Field_Unit', full_name: 'Kim Lane' });
    const lee = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    emails.set(SAM, sam.email).set(KIM, kim.email).set(LEE, lee.email);
    medic = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [sam.id] })).id;
    // A field commander: crews the command car, then is given a command role.
    await t.services.units.create({ callsign: 'COMMAND 1', kind: 'command', members: [kim.id] });
    await t.services.users.update(kim.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    await t.services.units.create({ callsign: 'RESCUE 2', kind: 'rescue', members: [lee.id] });
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('keeps a spot map dropped on a device, moves and recolours it, and removes it on the delete task; the read and the events follow', async () => {
    const sam = await connect(SAM);
    sam.send(spotMap({ at: t.clock.now(), creator: SAM }));
    await settled(sam);
    const [dropped] = await points();
    expect(dropped).toMatchObject({
      uid: SPOT,
      cotType: 'b-m-p-s-m',
      what: 'Spot map',
      callsign: 'R 1',
      remarks: 'Casualty collection point, north gate',
      location: { lat: 51.5072, lon: -0.1276 },
      colour: '#ff0000',
      iconsetPath: 'COT_MAPPING_SPOTMAP/b-m-p-s-m/-65536',
      placedBy: { uid: SAM, unit: { id: medic, callsign: 'MEDIC 4' }, user: { name: 'Sam Ortiz' } },
      staleAt: t.clock.now() + HOUR,
    });
    const announced = () => published.filter((event) => event.type.startsWith('tak-point.'));
    expect(announced()).toEqual([expect.objectContaining({ type: 'tak-point.updated', channels: ['tak'], data: dropped })]);

    // Dragged and given another colour on the device: the same uid, one point.
    t.clock.advance(60_000);
    sam.send(
      spotMap({ at: t.clock.now(), creator: SAM })
        .replace("lat='51.5072' lon='-0.1276'", "lat='51.5120' lon='-0.1300'")
        .replaceAll('-65536', '-16776961'),
    );
    await settled(sam);
    const moved = await points();
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ location: { lat: 51.512, lon: -0.13 }, colour: '#0000ff', placedAt: dropped!.placedAt });
    expect(announced().at(-1)).toMatchObject({ type: 'tak-point.updated', data: moved[0] });

    sam.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: SAM, target: SPOT }));
    await settled(sam);
    expect(await points()).toEqual([]);
    expect(announced().at(-1)).toMatchObject({ type: 'tak-point.removed', channels: ['tak'], data: { uid: SPOT } });
  });

  it('reads waypoints and checkpoints, and lets a point go once it is stale', async () => {
    const sam = await connect(SAM);
    sam.send(fixture('marker-waypoint-b-m-p-w-GOTO.xml', { at: t.clock.now(), creator: SAM, staleMs: 10 * 60_000 }));
    sam.send(fixture('marker-checkpoint-b-m-p-c.xml', { at: t.clock.now(), creator: SAM }));
    await settled(sam);
    expect((await points()).map((point) => [point.uid, point.what, point.colour])).toEqual([
      [WAYPOINT, 'Waypoint', '#ffffff'],
      [CHECKPOINT, 'Checkpoint', '#00ff00'],
    ]);
    t.clock.advance(10 * 60_000);
    expect((await points()).map((point) => point.uid)).toEqual([CHECKPOINT]);
  });

  it('relays and replays a point and an incident marker to the devices that may see the device that placed them', async () => {
    const sam = await connect(SAM);
    const kim = await connect(KIM);
    const lee = await connect(LEE);
    const lan = await SimulatedDevice.connect(t.cot.port!);
    devices.push(lan);
    sam.send(spotMap({ at: t.clock.now(), creator: SAM }));
    sam.send(incidentMarker('inc-1', SAM, t.clock.now(), 51.5, -0.12, 'Gas leak', 'By the school gate'));
    await settled(sam);
    // Command's device and the operations picture on plain TCP get them; another crew's device does not.
    await kim.until((d) => uidsOf(d).includes(SPOT) && uidsOf(d).includes('inc-1'));
    await lan.until((d) => uidsOf(d).includes(SPOT) && uidsOf(d).includes('inc-1'));
    await settled(lee);
    expect(uidsOf(lee)).not.toContain(SPOT);
    expect(uidsOf(lee)).not.toContain('inc-1');

    // Connecting again, each is greeted with the points it may see.
    const later = await SimulatedDevice.connect(t.cot.port!);
    devices.push(later);
    await later.until((d) => uidsOf(d).includes(SPOT));
    // A point of Lee's own is replayed to it with the rest: once it is there, Sam's would be too.
    lee.send(fixture('marker-checkpoint-b-m-p-c.xml', { at: t.clock.now(), creator: LEE }));
    await settled(lee);
    lee.end();
    const leeAgain = await connect(LEE);
    await leeAgain.until((d) => uidsOf(d).includes(CHECKPOINT));
    expect(uidsOf(leeAgain)).not.toContain(SPOT);
    kim.end();
    const kimAgain = await connect(KIM);
    await kimAgain.until((d) => uidsOf(d).includes(SPOT));
  });

  it(`keeps at most ${TAK_POINTS_PER_DEVICE} points of one device; one more lands once one is deleted`, async () => {
    const sam = await connect(SAM);
    const marker = (n: number) => spotMap({ at: t.clock.now(), creator: SAM }).replaceAll(SPOT, `point-${n}`);
    for (let n = 1; n <= TAK_POINTS_PER_DEVICE + 1; n++) sam.send(marker(n));
    await settled(sam);
    const kept = await points();
    expect(kept).toHaveLength(TAK_POINTS_PER_DEVICE);
    expect(kept.map((point) => point.uid)).not.toContain(`point-${TAK_POINTS_PER_DEVICE + 1}`);
    // Sent again, a point kept already still moves: the cap is on new points.
    sam.send(marker(1).replace("lat='51.5072'", "lat='51.6'"));
    sam.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: SAM, target: 'point-2' }));
    sam.send(marker(TAK_POINTS_PER_DEVICE + 1));
    await settled(sam);
    const after = await points();
    expect(after).toHaveLength(TAK_POINTS_PER_DEVICE);
    expect(after.find((point) => point.uid === 'point-1')?.location.lat).toBe(51.6);
    expect(after.map((point) => point.uid)).toContain(`point-${TAK_POINTS_PER_DEVICE + 1}`);
  });

  it(`keeps at most ${TAK_POINTS_PER_DEVICE} points of one placer when its markers come over two connections at once`, async () => {
    const credentials = await enrolDevice(t.takTls.enrolPort!, t.takTls.authority!.pem, {
      email: emails.get(SAM)!,
      password: STRONG_PASSWORD,
      uid: SAM,
    });
    // The same device (one certificate) on two connections, as ATAK reconnecting before its old socket is dropped.
    const both = await Promise.all([0, 1].map(() => connectTls(t.takTls.tlsPort!, t.takTls.authority!.pem, credentials)));
    devices.push(...both);
    const marker = (n: number) => spotMap({ at: t.clock.now(), creator: SAM }).replaceAll(SPOT, `point-${n}`);
    // One short of the cap, then both connections send new markers at once: each reads the count side by side.
    for (let n = 1; n < TAK_POINTS_PER_DEVICE; n++) both[0]!.send(marker(n));
    await settled(both[0]!);
    for (let n = 0; n < 10; n++) both.forEach((device, side) => device.send(marker(1_000 * (side + 1) + n)));
    await Promise.all(both.map((device) => settled(device)));
    expect(await points()).toHaveLength(TAK_POINTS_PER_DEVICE);
  });

  it('lets no plain-TCP device place, move or delete a point in a certified device’s name, nor another crew’s device change it; command’s may', async () => {
    const sam = await connect(SAM);
    sam.send(spotMap({ at: t.clock.now(), creator: SAM }));
    await settled(sam);
    const lan = await SimulatedDevice.connect(t.cot.port!);
    devices.push(lan);
    // Claiming to be Sam's device: refused before anything is kept or relayed.
    lan.send(spotMap({ at: t.clock.now(), creator: SAM }).replace("lat='51.5072'", "lat='52'"));
    lan.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: SAM, target: SPOT }));
    // In its own name, it still may not touch a point placed with a certificate.
    lan.send(pli('ANDROID-lan', 'NOMAD', t.clock.now(), 51.5, -0.12));
    lan.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: 'ANDROID-lan', target: SPOT }));
    lan.send(spotMap({ at: t.clock.now(), creator: 'ANDROID-lan' }).replace("lat='51.5072'", "lat='52'"));
    await settled(lan);
    // Nor does another crew's certified device, which is no command device.
    const lee = await connect(LEE);
    lee.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: LEE, target: SPOT }));
    await settled(lee);
    expect(await points()).toEqual([expect.objectContaining({ uid: SPOT, location: { lat: 51.5072, lon: -0.1276 } })]);
    // A point of its own it keeps.
    lan.send(fixture('marker-checkpoint-b-m-p-c.xml', { at: t.clock.now(), creator: 'ANDROID-lan' }));
    await settled(lan);
    const own = await eventually(points, (list) => list.length === 2);
    expect(own.find((point) => point.uid === CHECKPOINT)?.placedBy).toEqual({
      uid: 'ANDROID-lan',
      callsign: 'NOMAD',
      unit: null,
      user: null,
    });
    // Command's device takes Sam's point off the map.
    const kim = await connect(KIM);
    kim.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: KIM, target: SPOT }));
    await settled(kim);
    expect((await points()).map((point) => point.uid)).toEqual([CHECKPOINT]);
  });

  it('relays no change Argus refused to a kept point, and a change it made as far as the point’s placer is seen', async () => {
    const sam = await connect(SAM);
    const kim = await connect(KIM);
    const lee = await connect(LEE);
    const lan = await SimulatedDevice.connect(t.cot.port!);
    devices.push(lan);
    sam.send(spotMap({ at: t.clock.now(), creator: SAM }));
    await settled(sam);
    await kim.until((d) => uidsOf(d).includes(SPOT));
    await lan.until((d) => uidsOf(d).includes(SPOT));
    const all = [sam, kim, lee, lan];
    const settleAll = async () => {
      for (const device of all) await settled(device);
    };

    // Another crew's device deletes and moves Sam's point: Argus refuses both, and no map changes.
    lee.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: LEE, target: SPOT }));
    lee.send(spotMap({ at: t.clock.now(), creator: LEE }).replace("lat='51.5072'", "lat='52.25'"));
    await settleAll();
    for (const device of [sam, kim, lan]) {
      expect(device.received).not.toContain('t-x-d-d');
      expect(device.received).not.toContain('52.25');
    }

    // Command's device moves it, then deletes it: Sam's device and the plain-TCP picture follow,
    // another crew's device, which never saw the point, is sent neither.
    kim.send(spotMap({ at: t.clock.now(), creator: KIM }).replace("lat='51.5072'", "lat='51.75'"));
    kim.send(fixture('marker-delete-t-x-d-d.xml', { at: t.clock.now(), creator: KIM, target: SPOT }));
    await settled(kim);
    await sam.until((d) => d.received.includes('51.75') && d.received.includes('t-x-d-d'));
    await lan.until((d) => d.received.includes('51.75') && d.received.includes('t-x-d-d'));
    await settled(lee);
    expect(uidsOf(lee)).not.toContain(SPOT);
    expect(lee.received).not.toContain('t-x-d-d');
    expect(await points()).toEqual([]);
  });

  it('shows points to those who may read TAK contacts only', async () => {
    const crew = await signIn(t.app, emails.get(SAM)!);
    const answer = await crew.request('GET', '/tak/points');
    expect(answer.statusCode).toBe(403);
  });
});
