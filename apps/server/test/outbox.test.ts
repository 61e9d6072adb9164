import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../src/realtime/outbox';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/**
 * The outbox (docs/decisions/0053-an-outbox-for-every-event.md): a process that commits a report
 * and dies before handing its event over delays the event but never loses it, and a retried
 * request that finds the report filed makes sure its event went out, once.
 */
describe.each(TEST_DIALECTS)('the outbox on %s', (dialect) => {
  let t: TestApp;
  let civic: Client;
  let since: number;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    since = (await t.services.realtime.read('reports', undefined)).seq;
  });
  afterEach(() => t.close());

  const file = (clientId: string) =>
    civic.request('POST', '/reports', {
      clientId,
      kind: 'civic',
      category: 'flooding',
      description: 'Water over the road',
      location: { lat: 48.8566, lon: 2.3522 },
    });
  /** What a subscriber of the triage queue's channel receives: the report ids of its report.created frames. */
  const announced = async () => {
    const replay = await t.services.realtime.read('reports', since);
    if (replay.kind !== 'frames') throw new Error('the reports channel was reset');
    return replay.frames
      .map((frame) => JSON.parse(frame.text) as { type: string; data: { id: string } })
      .filter((frame) => frame.type === 'report.created')
      .map((frame) => frame.data.id);
  };
  const unpublished = () => t.services.db.kysely.selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute();
  /** As if the process died right after its commit: the fast path never runs. */
  const dieAfterCommit = () =>
    vi.spyOn(t.services.outbox, 'publish').mockImplementationOnce(() => {
      throw new Error('the process died after its commit');
    });
  const reportIdOf = async (clientId: string) =>
    (await t.services.db.kysely.selectFrom('reports').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).id;

  it('announces a report through the fast path once, and marks its outbox rows published', async () => {
    const response = await file(randomUUID());
    expect(response.statusCode).toBe(201);
    expect(await announced()).toEqual([response.json().report.id]);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs + DEFAULT_OUTBOX_OPTIONS.leaseMs);
    expect(await t.services.outbox.relay()).toBe(0);
    expect(await announced()).toEqual([response.json().report.id]);
  });

  it('relays an event whose process died between commit and publish once the grace period is over', async () => {
    const clientId = randomUUID();
    dieAfterCommit();
    expect((await file(clientId)).statusCode).toBe(500);
    const id = await reportIdOf(clientId);
    expect(await announced()).toEqual([]);
    // Within the grace period the relay leaves the row to the fast path.
    expect(await t.services.outbox.relay()).toBe(0);
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs);
    await expect.poll(announced, { timeout: 5_000, interval: 50 }).toEqual([id]);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs + 1);
    expect(await t.services.outbox.relay()).toBe(0);
    expect(await announced()).toEqual([id]);
  });

  it('publishes the event of a retried request that finds its report filed, exactly once', async () => {
    const clientId = randomUUID();
    dieAfterCommit();
    expect((await file(clientId)).statusCode).toBe(500);
    const retry = await file(clientId);
    expect(retry.statusCode).toBe(200);
    expect(await announced()).toEqual([retry.json().report.id]);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    // Neither another retry nor the relay, past every grace period and lease, announces it again.
    expect((await file(clientId)).statusCode).toBe(200);
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs + DEFAULT_OUTBOX_OPTIONS.leaseMs + 1);
    expect(await t.services.outbox.relay()).toBe(0);
    expect(await announced()).toEqual([retry.json().report.id]);
  });

  it('publishes a row handed over twice (its mark lost) once', async () => {
    const clientId = randomUUID();
    const response = await file(clientId);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    // As if the mark had never been written: the relay hands the row over again.
    await t.services.db.kysely.updateTable('outbox').set({ published_at: null, claimed_until: null }).execute();
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs);
    expect(await t.services.outbox.relay()).toBe(2);
    await expect.poll(unpublished, { timeout: 5_000, interval: 20 }).toEqual([]);
    expect(await announced()).toEqual([response.json().report.id]);
  });

  it('lets one of two relays racing for the same rows take each of them', async () => {
    for (let i = 0; i < 3; i++) {
      dieAfterCommit();
      expect((await file(randomUUID())).statusCode).toBe(500);
    }
    t.clock.advance(DEFAULT_OUTBOX_OPTIONS.graceMs);
    const taken = await Promise.all([t.services.outbox.relay(), t.services.outbox.relay(), t.services.outbox.relay()]);
    // Two events per report (the triage queue's and the reporter's own); the interval's pass may have taken some.
    expect(taken.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(6);
    await expect.poll(async () => (await announced()).length, { timeout: 5_000, interval: 50 }).toBe(3);
    expect(new Set(await announced()).size).toBe(3);
  });
});
