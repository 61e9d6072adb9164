import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Zone } from '@argus/contracts/http/zones';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { iso } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import { newEnrolmentToken } from '../src/features/tak/tak-enrolment-token';
import { TakItemsRepository } from '../src/features/tak/tak-items.repository';
import { enrolAndConnect, settled } from './tak-tls-device';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/cot/${name}`, import.meta.url), 'utf8');
const POLYGON = fixture('drawing-polygon-u-d-f.xml');
const POLYGON_UID = 'PKN8KEM-d92f78b6-6424-4411-b758-71b4aa2a0bd4';
const GEOFENCE = fixture('geofence-rectangle-u-d-r.xml');
const GEOFENCE_UID = '07965d48-0d4b-4575-9c5b-c56a4b66ce10';
const CIRCLE = fixture('drawing-circle-u-d-c-c.xml');

/** TAK's delete task, as ATAK sends it when a drawing is deleted. */
function deletion(targetUid: string, at: number): string {
  return (
    `<event version="2.0" uid="${randomUUID()}" type="t-x-d-d" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 20_000)}" how="h-g-i-g-o">` +
    `<point lat="0" lon="0" hae="0" ce="9999999" le="9999999"/>` +
    `<detail><link uid="${targetUid}" relation="none" type="none"/><__forcedelete/></detail></event>`
  );
}

describe.each(TEST_DIALECTS)('drawings from TAK devices as zones on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let ca: string;
  let commander: { id: string; email: string };
  let crew: { id: string; email: string };
  const devices: SimulatedDevice[] = [];

  /** A user's device, enrolled as ATAK does and connected over TLS; served once it answers a ping. */
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
  const zones = async (active = 'all'): Promise<Zone[]> => (await command.request('GET', `/zones?active=${active}`)).json().zones;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    // A field commander: crews the command vehicle, then is given a command role, so may edit zones.
    commander = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    await t.services.units.create({ callsign: 'COMMAND 1', kind: 'patrol', members: [commander.id] });
    await t.services.users.update(commander.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] });
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('takes the real relayed polygon in as a zone, relays the device’s drawing, and replays it rather than its own', async () => {
    const drawer = await deviceOf(commander.email, 'ANDROID-commander');
    const watcher = await deviceOf(crew.email, 'ANDROID-medic');
    drawer.send(POLYGON);
    const [zone] = await eventually(zones, (list) => list.length === 1);
    expect(zone).toMatchObject({
      name: '2759m - 10:00 on 2025-10-05',
      kind: 'patrol',
      riskLevel: 'low',
      active: true,
      createdBy: commander.id,
    });
    expect(zone!.geometry.coordinates[0]).toHaveLength(65);
    expect(zone!.notes).toContain(`uid ${POLYGON_UID}`);
    // The other device has the drawing as drawn, and never Argus's copy of it.
    await watcher.until((d) => d.received.includes(POLYGON_UID));
    await settled(drawer);
    await settled(watcher);
    expect(watcher.received).not.toContain(`argus-zone-${zone!.id}`);
    expect(drawer.received).not.toContain(`argus-zone-${zone!.id}`);

    // A device that connects later is sent the drawing as its device last sent it.
    const late = await deviceOf(crew.email, 'ANDROID-medic');
    await late.until((d) => d.received.includes(POLYGON_UID));
    expect(late.received).toContain('<strokeColor value="-65536"/>');
    expect(late.received).not.toContain(`argus-zone-${zone!.id}`);
  });

  it('makes a rectangle flagged __geofence a zone the geofence rule watches, and alerts when a unit enters it', async () => {
    const drawer = await deviceOf(commander.email, 'ANDROID-commander');
    drawer.send(GEOFENCE);
    const [zone] = await eventually(zones, (list) => list.length === 1);
    expect(zone).toMatchObject({ name: 'Warning', kind: 'restricted', riskLevel: 'high' });
    expect(zone!.notes).toContain('ATAK geofence, trigger entry');
    const medic = (await t.services.unitsRepository.list()).find((unit) => unit.callsign === 'MEDIC 4')!;
    const crewRow = (await t.services.usersRepository.findById(crew.id))!;
    await t.services.units.setPosition(crewRow, medic.id, {
      clientId: randomUUID(),
      location: { lat: 39.86, lon: -105.16 },
      at: t.clock.now(),
    });
    await t.services.threatEngine.idle();
    const alerts = (await command.request('GET', '/alerts?rule=zone.geofence')).json().alerts;
    expect(alerts).toMatchObject([{ title: 'MEDIC 4 entered Warning', zoneId: zone!.id }]);
  });

  it('updates the zone when the same uid comes again, and deactivates it on TAK’s delete task', async () => {
    const drawer = await deviceOf(commander.email, 'ANDROID-commander');
    drawer.send(GEOFENCE);
    const [zone] = await eventually(zones, (list) => list.length === 1);
    // Moved a degree north and renamed in ATAK: same uid, same zone.
    drawer.send(
      GEOFENCE.replace("callsign='Warning'", "callsign='Warning north'")
        .replaceAll(/point='39\./g, "point='40.")
        .replace("lat='39.", "lat='40."),
    );
    const [moved] = await eventually(zones, (list) => list[0]?.name === 'Warning north');
    expect(moved!.id).toBe(zone!.id);
    expect(moved!.bbox[1]).toBeGreaterThan(40);

    drawer.send(deletion(GEOFENCE_UID, t.clock.now()));
    await eventually(zones, (list) => list[0]?.active === false);
    expect(await zones('true')).toEqual([]);
    // A device that connects afterwards is not sent the deleted drawing.
    const late = await deviceOf(crew.email, 'ANDROID-medic');
    await settled(late);
    expect(late.received).not.toContain(GEOFENCE_UID);
  });

  it('takes a circle in as a polygon zone, and takes the drawing off the devices when command deactivates the zone', async () => {
    const drawer = await deviceOf(commander.email, 'ANDROID-commander');
    drawer.send(CIRCLE);
    const [zone] = await eventually(zones, (list) => list.length === 1);
    expect(zone).toMatchObject({ name: 'Drawing Circle 1', geometry: { type: 'Polygon' } });
    expect((await command.request('PATCH', `/zones/${zone!.id}`, { active: false })).statusCode).toBe(200);
    await drawer.until((d) => d.received.includes('t-x-d-d') && d.received.includes('df11ad17-79d8-436b-ba7f-6c12a7d147d3'));
  });

  it('takes the drawing off the devices when command deactivates its zone while the drawing is still being saved', async () => {
    // The zone is announced (and listed) before its drawing's row is saved: hold that save.
    const save = TakItemsRepository.prototype.save;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(TakItemsRepository.prototype, 'save').mockImplementationOnce(async function (this: TakItemsRepository, row) {
      await held;
      return save.call(this, row);
    });
    try {
      const drawer = await deviceOf(commander.email, 'ANDROID-commander');
      drawer.send(CIRCLE);
      const [zone] = await eventually(zones, (list) => list.length === 1);
      const deactivated = command.request('PATCH', `/zones/${zone!.id}`, { active: false });
      await eventually(
        () => zones('false'),
        (list) => list.length === 1,
      );
      // Long enough for the deactivation to reach the endpoint while the row is still held.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      expect((await deactivated).statusCode).toBe(200);
      await drawer.until((d) => d.received.includes('t-x-d-d') && d.received.includes('df11ad17-79d8-436b-ba7f-6c12a7d147d3'));
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('knows a zone whose drawing another server process took in: sends no copy of it, and takes the drawing off when it is deactivated', async () => {
    const author = (await t.services.usersRepository.findById(commander.id))!;
    const zone = await t.services.zones.create(author, {
      name: 'Drawn elsewhere',
      kind: 'patrol',
      riskLevel: 'low',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-0.1, 51.5],
            [-0.09, 51.5],
            [-0.09, 51.51],
            [-0.1, 51.5],
          ],
        ],
      },
      notes: '',
    });
    // What another process's landing of the drawing leaves: only the shared tak_items row says so.
    await t.services.db.kysely
      .insertInto('tak_items')
      .values({ uid: POLYGON_UID, kind: 'drawing', zone_id: zone.id, camera_id: null, last_event: POLYGON, updated_at: t.clock.now() })
      .execute();
    const watcher = await deviceOf(commander.email, 'ANDROID-commander');
    await watcher.until((d) => d.received.includes(POLYGON_UID));
    expect((await command.request('PATCH', `/zones/${zone.id}`, { active: false })).statusCode).toBe(200);
    await watcher.until((d) => d.received.includes('t-x-d-d') && d.received.split(POLYGON_UID).length > 2);
    expect(watcher.received).not.toContain(`argus-zone-${zone.id}`);
    expect(await t.services.db.kysely.selectFrom('tak_items').select('uid').execute()).toEqual([]);
  });

  it('keeps no zone from a device whose user may not edit zones, and still relays the drawing', async () => {
    const field = await deviceOf(crew.email, 'ANDROID-medic');
    const other = await deviceOf(commander.email, 'ANDROID-commander');
    field.send(POLYGON);
    await other.until((d) => d.received.includes(POLYGON_UID));
    await settled(field);
    expect(await zones()).toEqual([]);
    expect(field.closed).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('a device acts at the assurance of its enrolment, on %s', (dialect) => {
  let t: TestApp;
  let ca: string;
  let commander: { id: string; email: string };
  let unitId: string;
  const devices: SimulatedDevice[] = [];

  const deviceWith = async (password: string, uid: string) => {
    const device = await enrolAndConnect({ enrol: t.takTls.enrolPort!, tls: t.takTls.tlsPort! }, ca, {
      email: commander.email,
      password,
      uid,
    });
    devices.push(device);
    await settled(device);
    return device;
  };
  const zones = async (): Promise<Zone[]> => (await t.services.db.kysely.selectFrom('zones').select('id').execute()) as unknown as Zone[];

  beforeEach(async () => {
    // The MFA policy on: administrators need a second factor for administrative work.
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0', MFA_REQUIRED_FOR_ADMINS: 'true' });
    await t.app.ready();
    ca = t.takTls.authority!.pem;
    commander = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Park' });
    const unit = await t.services.units.create({ callsign: 'COMMAND 1', kind: 'patrol', members: [commander.id] });
    await t.services.users.update(commander.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    unitId = unit.id;
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    await t.close();
  });

  it('keeps no zone from an administrator’s device enrolled by password alone, and keeps the device connected', async () => {
    const drawer = await deviceWith(STRONG_PASSWORD, 'ANDROID-commander');
    const cert = await t.services.db.kysely.selectFrom('tak_certificates').select('aal').executeTakeFirstOrThrow();
    expect(cert.aal).toBe('aal1');
    drawer.send(POLYGON);
    await settled(drawer);
    expect(await zones()).toEqual([]);
    expect(drawer.closed).toBe(false);
  });

  it('takes the zone from an administrator’s device enrolled with a one-time token, which counts as aal2', async () => {
    const { token, hash } = newEnrolmentToken();
    const now = t.clock.now();
    await t.services.db.kysely
      .insertInto('tak_enrolment_tokens')
      .values({
        id: randomUUID(),
        token_hash: hash,
        user_id: commander.id,
        unit_id: unitId,
        created_by: commander.id,
        created_at: now,
        expires_at: now + 60 * 60_000,
        used_at: null,
      })
      .execute();
    const drawer = await deviceWith(token, 'ANDROID-commander');
    const cert = await t.services.db.kysely.selectFrom('tak_certificates').select('aal').executeTakeFirstOrThrow();
    expect(cert.aal).toBe('aal2');
    drawer.send(POLYGON);
    await eventually(zones, (list) => list.length === 1);
  });
});
