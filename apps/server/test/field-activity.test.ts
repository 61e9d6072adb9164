import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const MINUTE = 60_000;
const SECOND = 1000;

// What counts as activity: docs/decisions/0051-device-sessions-and-retention.md.
describe.each(TEST_DIALECTS)('a crew’s position reports as activity on %s', (dialect) => {
  let t: TestApp;
  let crew: Client;
  let unitId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const admin = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    unitId = (await admin.request('POST', '/units', { callsign: 'ECHO-4', kind: 'patrol', members: [member.id] })).json().unit.id;
    crew = await signIn(t.app, member.email);
  });
  afterEach(() => t.close());

  const report = (client: Client = crew) =>
    client.request('POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: { lat: 51.5, lon: -0.1 } });

  /** Positions every 20 s for `minutes`, without a keepalive, each answered 200. */
  const drive = async (minutes: number) => {
    for (let elapsed = 0; elapsed < minutes * MINUTE; elapsed += 20 * SECOND) {
      t.clock.advance(20 * SECOND);
      expect((await report()).statusCode).toBe(200);
    }
  };

  it('keeps a crew posting positions every 20 s signed in for 30 minutes without touching the screen', async () => {
    await drive(30);
    expect((await crew.request('GET', '/auth/me')).statusCode).toBe(200);
  });

  it('signs a crew out at 15 minutes once its positions stop', async () => {
    await drive(5);
    t.clock.advance(15 * MINUTE - 20 * SECOND);
    expect((await crew.request('GET', '/auth/me')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const expired = await crew.request('GET', '/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('session_expired');
    expect((await report()).statusCode).toBe(401);
  });

  it('counts no positions from a unit off duty', async () => {
    expect((await crew.request('POST', `/units/${unitId}/status`, { clientId: randomUUID(), status: 'out_of_service' })).statusCode).toBe(
      200,
    );
    for (let elapsed = 0; elapsed < 15 * MINUTE; elapsed += 20 * SECOND) {
      t.clock.advance(20 * SECOND);
      await report();
    }
    t.clock.advance(20 * SECOND);
    expect((await crew.request('GET', '/auth/me')).json().error.code).toBe('session_expired');
  });

  it('stops counting positions a shift (12 hours) after the crew last touched the phone', async () => {
    // Twelve hours of positions every ten minutes keep it open; after that they no longer count.
    for (let elapsed = 0; elapsed < 12 * 60 * MINUTE; elapsed += 10 * MINUTE) {
      t.clock.advance(10 * MINUTE);
      expect((await report()).statusCode).toBe(200);
    }
    t.clock.advance(10 * MINUTE);
    expect((await report()).statusCode).toBe(200);
    t.clock.advance(6 * MINUTE);
    expect((await crew.request('GET', '/auth/me')).json().error.code).toBe('session_expired');
  });

  it('counts batch reports too', async () => {
    for (let elapsed = 0; elapsed < 30 * MINUTE; elapsed += 20 * SECOND) {
      t.clock.advance(20 * SECOND);
      const batch = await crew.request('POST', '/units/positions', {
        positions: [{ unitId, clientId: randomUUID(), location: { lat: 51.5, lon: -0.1 } }],
      });
      expect(batch.statusCode).toBe(200);
    }
    expect((await crew.request('GET', '/auth/me')).statusCode).toBe(200);
  });
});
