import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_TIME_HEADER } from '@argus/contracts/http/device-time';
import { DEVICE_TIME_DEFAULTS } from '../src/lib/device-time';
import { ManualClock } from '../src/lib/clock';
import { TEST_DIALECTS } from './databases';
import { setUpCrewedIncident } from './crewed-incident';
import { buildTestApp, type Client, type TestApp } from './support';

const T0 = Date.UTC(2026, 10, 27, 8, 0, 0);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Field actions keep the time they happened on the device (docs/decisions/0042-device-time.md). */
describe.each(TEST_DIALECTS)('device time on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let unitId: string;
  let incidentId: string;
  let dispatchId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, new ManualClock(T0));
    ({ command, crew, unitId, incidentId } = await setUpCrewedIncident(t, { incident: { title: 'Barn fire', severity: 'high' } }));
    dispatchId = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches[0].id;
  });
  afterEach(() => t.close());

  const milestone = (status: string, occurredAt?: number, clientId = randomUUID()) =>
    crew.request('POST', `/dispatches/${dispatchId}/status`, {
      clientId,
      status,
      ...(occurredAt === undefined ? {} : { occurredAt: iso(occurredAt) }),
    });
  const timeline = async () =>
    (await command.request('GET', `/incidents/${incidentId}/timeline`)).json().entries as {
      kind: string;
      at: number;
      receivedAt?: number | null;
    }[];

  it('times milestones queued offline by the taps, with the receipt beside them on the timeline and in the response-time figures', async () => {
    // The crew tapped en route a minute after the assignment and on scene two minutes after it,
    // with no signal; both arrive five minutes after the assignment.
    t.clock.advance(5 * MIN);
    expect((await milestone('en_route', T0 + MIN)).statusCode).toBe(200);
    const onScene = await milestone('on_scene', T0 + 2 * MIN);
    expect(onScene.statusCode).toBe(200);
    expect(onScene.json().dispatch.milestones).toEqual({ assigned: T0, en_route: T0 + MIN, on_scene: T0 + 2 * MIN });

    const entries = await timeline();
    expect(entries.filter((entry) => entry.kind !== 'incident.created').slice(-3)).toMatchObject([
      { kind: 'dispatch.en_route', at: T0 + MIN, receivedAt: T0 + 5 * MIN },
      { kind: 'dispatch.on_scene', at: T0 + 2 * MIN, receivedAt: T0 + 5 * MIN },
      { kind: 'incident.status', at: T0 + 2 * MIN, receivedAt: T0 + 5 * MIN },
    ]);
    // Entries no device made have no receipt time of their own.
    expect(entries.find((entry) => entry.kind === 'dispatch.assigned')!.receivedAt).toBeNull();

    const percentiles = await command.request('GET', `/analytics/operational/response-percentiles?from=${T0 - MIN}&to=${T0 + 10 * MIN}`);
    expect(percentiles.statusCode, percentiles.body).toBe(200);
    expect(percentiles.json().rows).toEqual(
      expect.arrayContaining([
        { milestone: 'En route', p50: 1, p90: 1, n: 1 },
        { milestone: 'On scene', p50: 2, p90: 2, n: 1 },
      ]),
    );
  });

  it('uses the receipt time when occurredAt is missing (old clients, feeds, scripts)', async () => {
    t.clock.advance(3 * MIN);
    expect((await milestone('en_route')).json().dispatch.milestones.en_route).toBe(T0 + 3 * MIN);
    expect((await timeline()).at(-1)).toMatchObject({ kind: 'dispatch.en_route', at: T0 + 3 * MIN, receivedAt: T0 + 3 * MIN });
  });

  it('accepts a time a little ahead within the skew tolerance, and never dates a milestone before the one it follows', async () => {
    t.clock.advance(MIN);
    const ahead = await milestone('acknowledged', T0 + MIN + DEVICE_TIME_DEFAULTS.maxSkewMs);
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json().dispatch.milestones.acknowledged).toBe(T0 + MIN + DEVICE_TIME_DEFAULTS.maxSkewMs);
    // A device clock behind the server's by more than its estimate: the tap cannot precede the acknowledgement.
    const behind = await milestone('en_route', T0 + 30_000);
    expect(behind.json().dispatch.milestones.en_route).toBe(T0 + MIN + DEVICE_TIME_DEFAULTS.maxSkewMs);
  });

  it('refuses a time too far in the future or too old with a clear 400, saving nothing', async () => {
    t.clock.advance(MIN);
    const before = await timeline();
    const clientId = randomUUID();

    const future = await milestone('en_route', T0 + MIN + DEVICE_TIME_DEFAULTS.maxSkewMs + 1000, clientId);
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toEqual({
      code: 'validation_failed',
      message: "occurredAt is 61 s ahead of the server's clock; at most 60 s is accepted. Check the device's clock.",
    });

    const old = await milestone('en_route', T0 + MIN - DEVICE_TIME_DEFAULTS.maxAgeMs - 1000, clientId);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toEqual({
      code: 'validation_failed',
      message: 'occurredAt is 24 h old; actions older than 24 h are not accepted.',
    });

    const malformed = await crew.request('POST', `/dispatches/${dispatchId}/status`, {
      clientId,
      status: 'en_route',
      occurredAt: '5 past 8',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('occurredAt must be an ISO 8601 date and time');

    expect(await timeline()).toEqual(before);
    const units = (await command.request('GET', '/units')).json().units as { id: string; status: string }[];
    expect(units.find((unit) => unit.id === unitId)!.status).toBe('dispatched');
    // The clientId was not spent: the same action with a good time goes through.
    const good = await milestone('en_route', T0 + 30_000, clientId);
    expect(good.json().dispatch).toMatchObject({ status: 'en_route', milestones: { en_route: T0 + 30_000 } });
  });

  it('keeps the device time of a status, a position (single and batch), an SOS, a report and a message', async () => {
    t.clock.advance(10 * MIN);
    const tapped = T0 + 4 * MIN;

    expect(
      (await crew.request('POST', `/units/${unitId}/status`, { clientId: randomUUID(), status: 'out_of_service', occurredAt: iso(tapped) }))
        .statusCode,
    ).toBe(200);
    const stored = await t.services.db.kysely
      .selectFrom('units')
      .select(['status_at', 'updated_at'])
      .where('id', '=', unitId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status_at: tapped, updated_at: T0 + 10 * MIN });

    const single = await crew.request('POST', `/units/${unitId}/position`, {
      clientId: randomUUID(),
      location: { lat: 5, lon: 6 },
      occurredAt: iso(tapped),
    });
    expect(single.json().unit.position).toMatchObject({ location: { lat: 5, lon: 6 }, at: tapped });

    const batch = await crew.request('POST', '/units/positions', {
      positions: [
        { unitId, clientId: randomUUID(), location: { lat: 7, lon: 8 }, occurredAt: iso(tapped + MIN) },
        { unitId, clientId: randomUUID(), location: { lat: 9, lon: 9 }, occurredAt: iso(T0 + 20 * MIN) },
      ],
    });
    const [kept, refused] = batch.json().results;
    expect(kept).toMatchObject({ ok: true, unit: { position: { location: { lat: 7, lon: 8 }, at: tapped + MIN } } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    expect(refused.error.message).toContain("ahead of the server's clock");

    const sos = await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), occurredAt: iso(tapped + 2 * MIN) });
    expect(sos.json().unit.emergency.since).toBe(tapped + 2 * MIN);

    const report = await crew.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'field',
      category: 'fire',
      description: 'Smoke from the east barn',
      location: { lat: 1, lon: 2 },
      occurredAt: iso(tapped),
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().report).toMatchObject({ occurredAt: tapped, createdAt: T0 + 10 * MIN });

    // A photo's bytes are the body, so its time travels in the query; a bad one stores nothing.
    const putPhoto = (photoId: string, occurredAt: number) =>
      crew.request('PUT', `/reports/${report.json().report.id}/photos/${photoId}?occurredAt=${encodeURIComponent(iso(occurredAt))}`, PNG, {
        'content-type': 'image/png',
      });
    const photoId = randomUUID();
    expect((await putPhoto(photoId, T0 + 12 * MIN)).statusCode).toBe(400);
    expect((await crew.request('GET', `/reports/${report.json().report.id}`)).json().report.photos).toEqual([]);
    const photo = await putPhoto(photoId, tapped);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().photo.occurredAt).toBe(tapped);

    const message = await crew.request('POST', '/messages', {
      clientId: randomUUID(),
      channel: 'unit',
      targetId: unitId,
      body: 'On our way, road blocked at the bridge',
      occurredAt: iso(tapped),
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(message.json().message).toMatchObject({ occurredAt: tapped, sentAt: T0 + 10 * MIN });

    const tooOld = await crew.request('POST', '/messages', {
      clientId: randomUUID(),
      channel: 'unit',
      targetId: unitId,
      body: 'From yesterday',
      occurredAt: iso(T0 - 2 * DEVICE_TIME_DEFAULTS.maxAgeMs),
    });
    expect(tooOld.statusCode).toBe(400);
    const thread = (await crew.request('GET', `/messages?channel=unit&targetId=${unitId}`)).json().messages as { body: string }[];
    expect(thread.map((item) => item.body)).toEqual(['On our way, road blocked at the bridge']);
  });

  it('tells every answer the server time to the millisecond, for the offset estimate', async () => {
    const answer = await crew.request('GET', '/units');
    expect(answer.headers[SERVER_TIME_HEADER]).toBe(String(T0));
  });
});
