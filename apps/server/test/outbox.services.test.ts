import { randomUUID } from 'node:crypto';
import type { Channel } from '@argus/contracts/realtime/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../src/realtime/outbox';
import { setUpCrewedIncident } from './crewed-incident';
import { TEST_DIALECTS } from './databases';
import { squarePolygon } from './rules-support';
import { buildTestApp, type Client, type TestApp } from './support';

/**
 * Every service's events go through the outbox (docs/decisions/0070-every-event-through-the-outbox.md):
 * a process that commits a change and dies before handing its events over delays them, never loses
 * them; a retried field action that finds its work done hands its own events over at once, once.
 */
const GATE_CAMERA = { name: 'Gate North', kind: 'camera', location: { lat: 51.5, lon: -0.12 }, heading: 90, fov: 60, rangeM: 120 };
const LONDON = { west: -0.51, south: 51.28, east: 0.33, north: 51.69 };

describe.each(TEST_DIALECTS)('events of every service through the outbox on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let unitId: string;
  let incidentId: string;
  let cameraId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({ command, crew, unitId, incidentId } = await setUpCrewedIncident(t));
    cameraId = (await command.request('POST', '/cameras', { ...GATE_CAMERA, name: 'Gate South' })).json().camera.id;
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
  });
  afterEach(() => t.close());

  const unpublished = async () =>
    (await t.services.db.kysely.selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute()).map(
      (row) => row.event_id,
    );
  /** The seq each channel stands at now, so `heard` reads only what comes after. */
  const positions = async (channels: Channel[]) =>
    new Map(
      await Promise.all(channels.map(async (channel) => [channel, (await t.services.realtime.read(channel, undefined)).seq] as const)),
    );
  /** Event types a subscriber of the channel has received since `since`. */
  const heard = async (channel: Channel, since: Map<Channel, number>) => {
    const replay = await t.services.realtime.read(channel, since.get(channel));
    if (replay.kind !== 'frames') throw new Error(`the ${channel} channel was reset`);
    return replay.frames.map((frame) => (JSON.parse(frame.text) as { type: string }).type);
  };
  /** The unit symbol table as it is, with one kind's legend label changed. */
  const relabelled = async (kind: string, label: string) => ({
    unitKinds: (await command.request('GET', '/map/unit-symbols'))
      .json()
      .unitKinds.map((entry: { kind: string }) => (entry.kind === kind ? { ...entry, label } : entry)),
  });
  /** As if the process died right after its commit: the fast path never runs. */
  const dieAfterCommit = () =>
    vi.spyOn(t.services.outbox, 'publish').mockImplementationOnce(() => {
      throw new Error('the process died after its commit');
    });
  /** The relay of a process that outlived the dead one, past the grace period. */
  const relay = async () => {
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs);
    await t.services.outbox.relay();
  };

  it.each([
    {
      service: 'dispatch',
      channel: 'incidents' as Channel,
      expected: ['dispatch.created', 'incident.updated'],
      act: () => command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] }),
    },
    {
      service: 'incidents',
      channel: 'incidents' as Channel,
      expected: ['incident.updated'],
      act: () => command.request('PATCH', `/incidents/${incidentId}`, { severity: 'high' }),
    },
    {
      service: 'units (status)',
      channel: 'units' as Channel,
      expected: ['unit.updated'],
      act: () => crew.request('POST', `/units/${unitId}/status`, { clientId: randomUUID(), status: 'out_of_service' }),
    },
    {
      service: 'zones',
      channel: 'zones' as Channel,
      expected: ['zone.created'],
      act: () =>
        command.request('POST', '/zones', { name: 'Quarry', kind: 'restricted', riskLevel: 'elevated', geometry: squarePolygon(0, 0) }),
    },
    {
      service: 'alerts (an SOS)',
      channel: 'alerts' as Channel,
      expected: ['alert.created'],
      act: () => crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID() }),
    },
    {
      service: 'cameras (registration)',
      channel: 'cameras' as Channel,
      expected: ['camera.created'],
      act: () => command.request('POST', '/cameras', GATE_CAMERA),
    },
    {
      service: 'cameras (an edit)',
      channel: 'cameras' as Channel,
      expected: ['camera.updated'],
      act: () => command.request('PATCH', `/cameras/${cameraId}`, { heading: 180 }),
    },
    {
      service: 'unit symbols',
      channel: 'units' as Channel,
      expected: ['symbology.updated'],
      act: async () => command.request('PUT', '/map/unit-symbols', await relabelled('fire', 'Fire engine')),
    },
    {
      service: 'the home area',
      channel: 'units' as Channel,
      expected: ['home-area.updated'],
      act: () => command.request('PUT', '/map/home-area', { area: LONDON }),
    },
  ])('keeps the events of $service when the process dies between commit and publish', async ({ channel, expected, act }) => {
    const since = await positions([channel]);
    dieAfterCommit();
    expect((await act()).statusCode).toBe(500);
    // Committed, not announced: only the relay can still make it known.
    expect(await heard(channel, since)).toEqual([]);
    expect((await unpublished()).length).toBeGreaterThan(0);
    await relay();
    await expect.poll(() => heard(channel, since), { timeout: 5_000, interval: 50 }).toEqual(expect.arrayContaining(expected));
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    // Past every lease, nothing goes out twice.
    const once = await heard(channel, since);
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs + 1);
    await relay();
    expect(await heard(channel, since)).toEqual(once);
  });

  it.each([
    {
      change: 'a camera registration',
      act: () => command.request('POST', '/cameras', GATE_CAMERA),
      kept: async () => (await command.request('GET', '/cameras')).json().cameras.map((camera: { name: string }) => camera.name),
    },
    {
      change: 'a camera edit',
      act: () => command.request('PATCH', `/cameras/${cameraId}`, { heading: 180 }),
      kept: async () => (await command.request('GET', `/cameras/${cameraId}`)).json().camera.heading,
    },
    {
      change: 'a unit symbol table',
      act: async () => command.request('PUT', '/map/unit-symbols', await relabelled('fire', 'Fire engine')),
      kept: async () => (await command.request('GET', '/map/unit-symbols')).json(),
    },
    {
      change: 'a home area',
      act: () => command.request('PUT', '/map/home-area', { area: LONDON }),
      kept: async () => (await command.request('GET', '/map/home-area')).json(),
    },
  ])('stores the event of $change in the change’s own transaction: when storing it fails, nothing is kept', async ({ act, kept }) => {
    const before = await kept();
    vi.spyOn(t.services.outbox, 'storeKeyed').mockRejectedValueOnce(new Error('the outbox could not be written'));
    expect((await act()).statusCode).toBe(500);
    expect(await kept()).toEqual(before);
    expect(await unpublished()).toEqual([]);
  });

  it('announces a field action once when its retry finds it done after the first try died', async () => {
    const since = await positions(['units']);
    const request = { clientId: randomUUID(), status: 'out_of_service' };
    dieAfterCommit();
    expect((await crew.request('POST', `/units/${unitId}/status`, request)).statusCode).toBe(500);
    // The retry, within the grace period: its own events go out at once, not the relay's.
    expect((await crew.request('POST', `/units/${unitId}/status`, request)).statusCode).toBe(200);
    await expect.poll(() => heard('units', since), { timeout: 5_000, interval: 50 }).toEqual(['unit.updated']);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    expect((await crew.request('POST', `/units/${unitId}/status`, request)).statusCode).toBe(200);
    await relay();
    expect(await heard('units', since)).toEqual(['unit.updated']);
  });

  it('keeps rows the rules engine has not heard when pruning published ones', async () => {
    await t.services.threatEngine.tick();
    const cursor = await t.services.db.kysely.selectFrom('rules_engine_cursor').select('heard_until').executeTakeFirstOrThrow();
    expect(Number(cursor.heard_until)).toBeLessThan(t.clock.now());
    const rows = () => t.services.db.kysely.selectFrom('outbox').select('id').execute();
    expect((await rows()).length).toBeGreaterThan(0);
    // Long published, but written after the cursor: kept for a leader that takes over.
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.retentionMs * 2);
    await t.services.outbox.relay();
    expect((await rows()).length).toBeGreaterThan(0);
    // Once the engine has heard past them, they go.
    await t.services.threatEngine.tick();
    t.clock.advance(60_001);
    await t.services.outbox.relay();
    expect(await rows()).toEqual([]);
  });
});
