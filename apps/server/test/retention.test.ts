import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { PNG } from './evidence-fixtures';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Retention: docs/decisions/0051-device-sessions-and-retention.md. Small batches, so the job must loop.
describe.each(TEST_DIALECTS)('retention on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let adminEmail: string;
  let crewEmail: string;
  let unitId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { RETENTION_BATCH_SIZE: '3' });
    adminEmail = (await createUser(t.services, { role: 'Command_Admin' })).email;
    admin = await signIn(t.app, adminEmail);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    crewEmail = member.email;
    unitId = (await admin.request('POST', '/units', { callsign: 'KILO-3', kind: 'patrol', members: [member.id] })).json().unit.id;
  });
  afterEach(() => t.close());

  const db = () => t.services.db.kysely;
  const count = async (
    table:
      'client_actions' | 'analytics_events' | 'sessions' | 'refresh_tokens' | 'audit_events' | 'evidence_items' | 'zone_import_previews',
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A signed-in crew posting `n` positions now, and a telemetry event: rows of every kind the job deletes. */
  const generate = async (n: number) => {
    const crew = await signIn(t.app, crewEmail);
    for (let index = 0; index < n; index += 1) {
      const answer = await crew.request('POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: { lat: 1, lon: 2 } });
      expect(answer.statusCode).toBe(200);
    }
    await db()
      .insertInto('analytics_events')
      .values({
        kind: 'pageview',
        tracking_id: randomUUID(),
        user_id: null,
        site: 'main',
        payload: '{"path":"/command"}',
        received_at: t.clock.now(),
      })
      .execute();
    expect((await crew.request('POST', '/auth/logout')).statusCode).toBe(200);
    const session = await db().selectFrom('sessions').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await db()
      .insertInto('refresh_tokens')
      .values({
        id: randomUUID(),
        session_id: session.id,
        parent_id: null,
        child_key: 'k',
        created_at: t.clock.now(),
        used_at: t.clock.now(),
      })
      .execute();
  };

  /** A zone-import preview the administrator leaves uncommitted. */
  const preview = async () => {
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const answer = await admin.request('POST', '/zones/import/preview?filename=area.geojson', JSON.stringify(area), {
      'content-type': 'application/octet-stream',
    });
    expect(answer.statusCode).toBe(200);
  };

  it('deletes old idempotency keys, ended sessions with their refresh tokens, telemetry and expired previews; keeps recent rows, evidence and the audit log', async () => {
    const evidence = await admin.request('POST', '/evidence?filename=scene.png', PNG, { 'content-type': 'application/octet-stream' });
    expect(evidence.statusCode).toBe(201);
    await preview();
    await generate(8);
    t.clock.advance(100 * DAY);
    await generate(2);
    admin = await signIn(t.app, adminEmail);
    await preview();
    // A live session's refresh token rotated long ago: no longer needed to spot a replay.
    const live = await db()
      .selectFrom('sessions')
      .select('id')
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const longUsed = t.clock.now() - 31 * DAY;
    await db()
      .insertInto('refresh_tokens')
      .values({ id: randomUUID(), session_id: live.id, parent_id: null, child_key: 'k', created_at: longUsed, used_at: longUsed })
      .execute();
    const audit = await count('audit_events');
    const evidenceItems = await count('evidence_items');

    const counts = await t.services.retention.run();
    // The administrator's first session (idle) and the first crew's (signed out) ended 100 days ago.
    expect(counts).toEqual({
      idempotencyKeys: 8,
      endedSessions: 2,
      usedRefreshTokens: 1,
      telemetry: 1,
      takContacts: 0,
      zoneImportPreviews: 1,
    });
    expect(await count('client_actions')).toBe(2);
    expect(await count('zone_import_previews')).toBe(1);
    expect(await count('analytics_events')).toBe(1);
    // The recent crew session (ended, but within 30 days) and the administrator's live one stay.
    expect(await count('sessions')).toBe(2);
    expect(await count('refresh_tokens')).toBe(1);
    expect(await count('audit_events')).toBe(audit);
    expect(await count('evidence_items')).toBe(evidenceItems);
    expect((await admin.request('GET', '/auth/me')).statusCode).toBe(200);

    // Running again, as every node does, finds nothing more.
    expect(await t.services.retention.run()).toEqual({
      idempotencyKeys: 0,
      endedSessions: 0,
      usedRefreshTokens: 0,
      telemetry: 0,
      takContacts: 0,
      zoneImportPreviews: 0,
    });
  });

  it('keeps a device session however long idle, until it is revoked and its keeping period passes', async () => {
    const registered = (await admin.request('POST', '/devices', { kind: 'wall_display', name: 'Wall', role: 'Command_Admin' })).json();
    expect((await t.app.inject({ method: 'POST', url: '/devices/enrol', payload: { code: registered.enrolmentCode } })).statusCode).toBe(
      200,
    );
    t.clock.advance(60 * DAY);
    await t.services.retention.run();
    const deviceSessions = () => db().selectFrom('sessions').select('id').where('device_id', '=', registered.device.id).execute();
    expect(await deviceSessions()).toHaveLength(1);
    admin = await signIn(t.app, adminEmail);
    expect((await admin.request('POST', `/devices/${registered.device.id}/revoke`, {})).statusCode).toBe(200);
    t.clock.advance(31 * DAY);
    await t.services.retention.run();
    expect(await deviceSessions()).toHaveLength(0);
    // The device itself stays listed, revoked.
    admin = await signIn(t.app, adminEmail);
    expect((await admin.request('GET', '/devices')).json().devices[0].state).toBe('revoked');
  });

  it('forgets TAK contacts bound to no unit a week after they were last heard, and keeps bound ones', async () => {
    const contact = (uid: string, lastSeen: number, unit: string | null) => ({
      uid,
      callsign: uid,
      unit_id: unit,
      cot_type: 'a-f-G-U-C',
      lat: 1,
      lon: 2,
      battery: null,
      last_sa: '<event/>',
      last_seen: lastSeen,
    });
    const now = t.clock.now();
    await db()
      .insertInto('tak_contacts')
      .values([
        contact('made-up-1', now - 8 * DAY, null),
        contact('made-up-2', now - 8 * DAY, null),
        contact('heard-today', now, null),
        contact('bound-long-ago', now - 30 * DAY, unitId),
      ])
      .execute();
    expect((await t.services.retention.run()).takContacts).toBe(2);
    const left = await db().selectFrom('tak_contacts').select('uid').orderBy('uid').execute();
    expect(left.map((row) => row.uid)).toEqual(['bound-long-ago', 'heard-today']);
  });

  it('is safe when several nodes run it at once', async () => {
    await generate(7);
    t.clock.advance(100 * DAY);
    const runs = await Promise.all([t.services.retention.run(), t.services.retention.run(), t.services.retention.run()]);
    expect(runs.reduce((sum, run) => sum + run.idempotencyKeys, 0)).toBe(7);
    expect(await count('client_actions')).toBe(0);
  });
});
