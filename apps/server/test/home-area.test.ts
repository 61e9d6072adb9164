import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HomeAreaResponse } from '@argus/contracts/http/home-area';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, sendOver, signIn, type Client, type TestApp } from './support';

/** Central London, the operation's area in these tests. */
const LONDON = { west: -0.2, south: 51.45, east: 0.0, north: 51.56 };

describe.each(TEST_DIALECTS)('the home area on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let published: OperationalEvent[];

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    admin = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Ada Home' })).email);
    published = [];
    t.services.events.listen((event) => published.push(event));
  });
  afterEach(() => t.close());

  const read = async (client = admin): Promise<HomeAreaResponse> => {
    const answer = await client.request('GET', '/map/home-area');
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const refusal = async (body: unknown) => {
    const answer = await admin.request('PUT', '/map/home-area', body);
    expect(answer.statusCode).toBe(400);
    return answer.json().error as { code: string; message: string; issues: { path: string; message: string }[] };
  };

  it('says there is none when nothing is set and nothing is on the maps', async () => {
    expect(await read()).toEqual({ area: null, source: 'none', updatedAt: null, updatedBy: null });
    expect((await t.app.inject({ method: 'GET', url: '/map/home-area' })).statusCode).toBe(401);
  });

  it('derives the padded extent of units with positions, open incidents and active zones', async () => {
    const unit = (await admin.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [] })).json().unit as {
      id: string;
    };
    // A unit with no position yet adds nothing.
    expect((await read()).source).toBe('none');
    await t.services.db.kysely.updateTable('units').set({ lat: 51.5, lon: -0.1 }).where('id', '=', unit.id).execute();
    const one = await read();
    expect(one.source).toBe('derived');
    // One point alone opens on its neighbourhood: at least 0.01° of room on each side.
    expect(one.area!.west).toBeCloseTo(-0.11, 6);
    expect(one.area!.east).toBeCloseTo(-0.09, 6);
    expect(one.area!.south).toBeCloseTo(51.49, 6);
    expect(one.area!.north).toBeCloseTo(51.51, 6);

    const incident = await admin.request('POST', '/incidents', {
      title: 'Fire at the wharf',
      category: 'fire',
      severity: 'high',
      location: { lat: 51.3, lon: 0.1 },
      description: 'Smoke over the river',
    });
    expect(incident.statusCode).toBe(201);
    const zone = await admin.request('POST', '/zones', {
      name: 'West cordon',
      kind: 'restricted',
      riskLevel: 'elevated',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-0.5, 51.6],
            [-0.4, 51.6],
            [-0.4, 51.7],
            [-0.5, 51.7],
            [-0.5, 51.6],
          ],
        ],
      },
    });
    expect(zone.statusCode).toBe(201);
    // West −0.5, east 0.1, south 51.3, north 51.7, with a tenth of the span on each side.
    const all = await read();
    expect(all.source).toBe('derived');
    expect(all.area!.west).toBeCloseTo(-0.56, 6);
    expect(all.area!.east).toBeCloseTo(0.16, 6);
    expect(all.area!.south).toBeCloseTo(51.26, 6);
    expect(all.area!.north).toBeCloseTo(51.74, 6);

    // Drawn around every unit, which only the operations staff see: a crew and the public read none.
    for (const role of ['Field_Unit', 'Civic_Reporter'] as const) {
      const reader = await signIn(t.app, (await createUser(t.services, { role })).email);
      expect(await read(reader), role).toEqual({ area: null, source: 'none', updatedAt: null, updatedBy: null });
    }
    const analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    expect((await read(analyst)).source).toBe('derived');

    // A closed incident is no longer on the maps.
    await t.services.db.kysely.updateTable('incidents').set({ status: 'closed' }).execute();
    // South is now the unit at 51.5, less a tenth of the 0.2° left between it and the zone.
    expect((await read()).area!.south).toBeCloseTo(51.48, 6);
  });

  it('lets an administrator set it, readable by every signed-in role, audited and announced; clearing derives again', async () => {
    const saved = await admin.request('PUT', '/map/home-area', { area: LONDON });
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as HomeAreaResponse;
    expect(body).toEqual({ area: LONDON, source: 'set', updatedAt: expect.any(Number), updatedBy: 'Ada Home' });
    for (const role of ['Super_Admin', 'Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const client = await signIn(t.app, (await createUser(t.services, { role })).email);
      expect(await read(client)).toEqual(body);
    }
    expect(published.filter((event) => event.type === 'home-area.updated')).toEqual([
      // Its outbox row's id: stored with the change (docs/decisions/0070-every-event-through-the-outbox.md).
      { type: 'home-area.updated', channels: ['units'], data: body, id: expect.any(String) },
    ]);
    expect(JSON.stringify(await t.services.audit.latest(5, 'home_area.update'))).toContain('51.56');

    const cleared = await admin.request('PUT', '/map/home-area', { area: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ area: null, source: 'none', updatedAt: null, updatedBy: null });
    expect(await t.services.audit.latest(5, 'home_area.clear')).toHaveLength(1);
    expect(published.filter((event) => event.type === 'home-area.updated')).toHaveLength(2);
  });

  it('lets only administrators set it', async () => {
    const superAdmin = await signIn(t.app, (await createUser(t.services, { role: 'Super_Admin' })).email);
    expect((await superAdmin.request('PUT', '/map/home-area', { area: LONDON })).statusCode).toBe(200);
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const client = await signIn(t.app, (await createUser(t.services, { role })).email);
      expect((await client.request('PUT', '/map/home-area', { area: null })).statusCode).toBe(403);
    }
    expect((await read()).area).toEqual(LONDON);
  });

  it('refuses a box off the map or inside out with a 400 naming the field, and saves nothing', async () => {
    const north = await refusal({ area: { ...LONDON, north: 91 } });
    expect(north.code).toBe('validation_failed');
    expect(north.issues).toContainEqual({ path: 'area.north', message: 'The north edge is a latitude between −85 and 85 degrees.' });
    expect((await refusal({ area: { ...LONDON, west: -181 } })).issues[0]).toEqual({
      path: 'area.west',
      message: 'The west edge is a longitude between −180 and 180 degrees.',
    });
    expect((await refusal({ area: { ...LONDON, east: -0.3 } })).issues).toContainEqual({
      path: 'area.east',
      message: 'The east edge must be east of the west edge.',
    });
    expect((await refusal({ area: { ...LONDON, north: 51.4 } })).issues).toContainEqual({
      path: 'area.north',
      message: 'The north edge must be north of the south edge.',
    });
    expect((await refusal({ area: { ...LONDON, south: 'fifty' } })).issues[0]!.path).toBe('area.south');
    expect((await refusal({})).issues[0]!.path).toBe('area');

    expect((await read()).source).toBe('none');
    expect(await t.services.audit.latest(5, 'home_area.update')).toHaveLength(0);
    expect(published).toEqual([]);
  });

  it('keeps one of two areas saved at once against a listening server', async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Super_Admin' })).email);
    const PARIS = { west: 2.2, south: 48.8, east: 2.45, north: 48.92 };
    const put = (client: Client, area: object) => sendOver(baseUrl, client, 'PUT', '/map/home-area', { area });
    const answers = await Promise.all([put(admin, LONDON), put(other, PARIS), put(admin, LONDON), put(other, PARIS)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect([LONDON, PARIS]).toContainEqual((await read()).area);
  });
});
