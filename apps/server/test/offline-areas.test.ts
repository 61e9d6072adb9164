import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SENT_OFFLINE_AREAS_PER_UNIT } from '@argus/contracts/http/offline-areas';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, sendOver, signIn, type Client, type TestApp } from './support';

const BOX = [-0.14, 51.5, -0.12, 51.51];

/** Map areas command sends to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md). */
describe.each(TEST_DIALECTS)('map areas sent to a unit’s phone on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let otherCrew: Client;
  let unitId: string;
  let basemapId: string;

  const send = (body: Record<string, unknown> = {}, client = command, unit = unitId) =>
    client.request('POST', `/units/${unit}/offline-areas`, { basemapId, label: 'Around the docks', box: BOX, ...body });
  const listed = async (client = crew) =>
    (await client.request('GET', `/units/${unitId}/offline-areas`)).json().areas as Array<{ id: string }>;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Casey Command' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    crew = await signIn(t.app, member.email);
    otherCrew = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
    unitId = (await command.request('POST', '/units', { callsign: 'RESCUE-2', kind: 'rescue', members: [member.id] })).json().unit.id;
    basemapId = (
      await command.request('POST', '/basemaps', {
        name: 'City streets',
        format: 'xyz',
        url: 'https://tiles.example.org/{z}/{x}/{y}.png',
        tileType: 'raster',
      })
    ).json().basemap.id;
  });
  afterEach(() => t.close());

  it('sends an area that the unit’s crew reads and hears of, audited, and withdraws it', async () => {
    const heard: OperationalEvent[] = [];
    const stop = t.services.events.listen((event) => heard.push(event));
    const sent = await send();
    expect(sent.statusCode).toBe(201);
    const area = sent.json().area;
    expect(area).toMatchObject({ unitId, basemapId, label: 'Around the docks', box: BOX, sentBy: { name: 'Casey Command' } });
    expect(await listed()).toEqual([area]);
    expect(await listed(command)).toEqual([area]);
    expect(heard.find((event) => event.type === 'offline-area.sent')?.channels).toEqual(['units', `unit:${unitId}`]);
    const [audited] = await t.services.audit.latest(10, 'offline_area.send');
    expect(audited).toMatchObject({ target: unitId });
    expect(JSON.parse(String(audited!.detail))).toMatchObject({ area: area.id, label: 'Around the docks', box: BOX });

    expect((await command.request('DELETE', `/units/${unitId}/offline-areas/${area.id}`)).statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    expect(heard.find((event) => event.type === 'offline-area.withdrawn')?.data).toEqual({ id: area.id, unitId });
    const again = await command.request('DELETE', `/units/${unitId}/offline-areas/${area.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This unit has no such map area.');
    stop();
  });

  it('lets only command send, and only the unit’s own crew read', async () => {
    expect((await send({}, crew)).statusCode).toBe(403);
    expect((await send({}, analyst)).statusCode).toBe(403);
    await send();
    expect(await listed(analyst)).toHaveLength(1);
    expect((await otherCrew.request('GET', `/units/${unitId}/offline-areas`)).statusCode).toBe(404);
    expect((await send({}, command, 'no-such-unit')).statusCode).toBe(404);
  });

  it('refuses a bad box, an unknown basemap or a missing name with a clear 400, and keeps what was sent', async () => {
    await send();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ box: [-0.12, 51.5, -0.14, 51.51] }, 'The box’s west must be left of its east and its south below its north.'],
      [{ box: [-1, 51, 0, 52] }, 'The box is too big for a phone: at most 0.5° (about 55 km) on each side.'],
      [{ box: [0, 0, 1] }, 'The box must be [west, south, east, north] in degrees.'],
      [{ label: '' }, 'Name the area.'],
      [{ basemapId: 'nope' }, 'No such street map: choose another.'],
    ];
    for (const [body, message] of cases) {
      const refused = await send(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    expect(await listed()).toHaveLength(1);
  });

  it(`holds at most ${SENT_OFFLINE_AREAS_PER_UNIT} areas per unit when many are sent at once over real connections`, async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const answers = await Promise.all(
      Array.from({ length: SENT_OFFLINE_AREAS_PER_UNIT + 3 }, (_, i) =>
        sendOver(base, command, 'POST', `/units/${unitId}/offline-areas`, { basemapId, label: `Area ${i + 1}`, box: BOX }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(SENT_OFFLINE_AREAS_PER_UNIT).fill(201), 409, 409, 409]);
    expect(await listed()).toHaveLength(SENT_OFFLINE_AREAS_PER_UNIT);
  });
});
