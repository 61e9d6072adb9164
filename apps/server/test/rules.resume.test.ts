import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_DIALECTS } from './databases';
import { insertZone } from './rules-support';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/**
 * The rules engine continues from the outbox (docs/decisions/0070-every-event-through-the-outbox.md):
 * a report written while no engine runs (a leader being replaced, every process restarting) is
 * weighed by the next engine that starts, once, and not again by the one after it.
 */
describe.each(TEST_DIALECTS)('the rules engine resuming from the outbox on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let civic: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const admin = await createUser(t.services, { role: 'Command_Admin' });
    command = await signIn(t.app, admin.email);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    await insertZone(t.services, admin.id, { lon: 10, lat: 10, size: 1, name: 'River crossing' });
  });
  afterEach(() => t.close());

  const alerts = async (rule: string) => (await command.request('GET', `/alerts?rule=${rule}`)).json().alerts as { occurrences: number }[];
  /** Another process on the same database: its engine starts as a new leader's does. */
  const nextLeader = async () => {
    const next = await buildApp({ config: t.config, db: t.services.db, clock: t.clock });
    await next.app.ready();
    await next.services.threatEngine.idle();
    return next;
  };

  it('weighs a report filed while no engine ran once, when the next one starts', async () => {
    // The engine has heard everything up to here, then stops: its process is being replaced.
    await t.services.threatEngine.tick();
    await t.services.threatEngine.stop();
    t.clock.advance(1_000);
    const filed = await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'security',
      description: 'Shots near the bridge, a man with a weapon',
      location: { lat: 10.5, lon: 10.5 },
    });
    expect(filed.statusCode).toBe(201);
    expect(await alerts('report.keywords')).toEqual([]);

    const second = await nextLeader();
    expect(await alerts('report.keywords')).toMatchObject([{ occurrences: 1 }]);
    expect(await alerts('zone.geofence')).toMatchObject([{ occurrences: 1 }]);
    // A third start (its cursor not yet moved past the report) reads it back again and raises nothing more.
    await second.app.close();
    const third = await nextLeader();
    expect(await alerts('report.keywords')).toMatchObject([{ occurrences: 1 }]);
    expect(await alerts('zone.geofence')).toMatchObject([{ occurrences: 1 }]);
    await third.app.close();
  });
});
