import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { DEVICE_REFUSALS } from '@argus/contracts/http/devices';
import { TEST_DIALECTS } from './databases';
import { buildLiveTestApp, sessionCookie, type LiveTestApp } from './realtime-support';
import { cookiesOf, createUser, signIn, type Client } from './support';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Device sessions: docs/decisions/0051-device-sessions-and-retention.md.
describe.each(TEST_DIALECTS)('device sessions on %s', (dialect) => {
  let t: LiveTestApp;
  let admin: Client;
  let adminEmail: string;
  /** The administrator signs in again after the clock has moved past their own 15 minutes. */
  const adminAgain = async () => (admin = await signIn(t.app, adminEmail));

  beforeEach(async () => {
    t = await buildLiveTestApp(dialect);
    adminEmail = (await createUser(t.services, { role: 'Command_Admin' })).email;
    await adminAgain();
  });
  afterEach(() => t.close());

  const register = async (body: Record<string, unknown>) => {
    const response = await admin.request('POST', '/devices', body);
    expect(response.statusCode).toBe(201);
    return response.json() as { device: { id: string; state: string; kind: string }; enrolmentCode: string };
  };

  /** Opens the enrolment code as the device does; its client sends the cookies it got. */
  const enrol = async (code: string): Promise<Client> => {
    const response = await t.app.inject({ method: 'POST', url: '/devices/enrol', payload: { code } });
    expect(response.statusCode, response.body).toBe(200);
    const cookies = cookiesOf(response);
    const csrf = cookies[CSRF_COOKIE]!;
    return {
      cookies,
      csrf,
      request: (method, url, payload, headers = {}) =>
        t.app.inject({
          method,
          url,
          cookies: { [SESSION_COOKIE]: cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: csrf },
          headers: { [CSRF_HEADER]: csrf, ...headers },
          ...(payload !== undefined && { payload: payload as object }),
        }),
    };
  };

  it('keeps a wall display signed in past 15 minutes and a day, read-only, shown as a device', async () => {
    const { device, enrolmentCode } = await register({ kind: 'wall_display', name: 'Ops wall', role: 'Command_Admin' });
    expect(device.state).toBe('awaiting_enrolment');
    const wall = await enrol(enrolmentCode);

    t.clock.advance(16 * MINUTE);
    const me = await wall.request('GET', '/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().session.device).toEqual({ id: device.id, kind: 'wall_display', name: 'Ops wall' });
    expect(me.json().user.role).toBe('Command_Admin');
    t.clock.advance(2 * DAY);
    expect((await wall.request('GET', '/units')).statusCode).toBe(200);
    expect((await wall.request('GET', '/incidents')).statusCode).toBe(200);

    // Nothing that changes anything, and no accounts, audit log or devices.
    const write = await wall.request('POST', '/units', { callsign: 'WALL-1', kind: 'patrol', members: [] });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toEqual({ code: 'device_not_allowed', message: DEVICE_REFUSALS.wall_display });
    // The video SDK token is a GET that joins command's room and may publish: not for a screen on a wall.
    for (const url of ['/users', '/audit', '/devices', '/videosdk/token']) expect((await wall.request('GET', url)).statusCode).toBe(403);

    // Shown as a device in the administrator's list, and never among people's accounts.
    await adminAgain();
    const listed = (await admin.request('GET', '/devices')).json().devices;
    expect(listed).toMatchObject([{ id: device.id, name: 'Ops wall', kind: 'wall_display', role: 'Command_Admin', state: 'active' }]);
    const people = (await admin.request('GET', '/users')).json().users as { full_name: string }[];
    expect(people.some((person) => person.full_name.includes('Ops wall'))).toBe(false);
  });

  it('lets a tracker report its unit’s positions and nothing else', async () => {
    const unit = (await admin.request('POST', '/units', { callsign: 'TRACK-1', kind: 'patrol', members: [] })).json().unit;
    const { enrolmentCode } = await register({ kind: 'tracker', name: 'Van 7 phone', unitId: unit.id });
    const tracker = await enrol(enrolmentCode);
    for (let minute = 0; minute < 40; minute += 20) {
      t.clock.advance(20 * MINUTE);
      const position = await tracker.request('POST', `/units/${unit.id}/position`, {
        clientId: randomUUID(),
        location: { lat: 1, lon: 2 },
      });
      expect(position.statusCode).toBe(200);
    }
    expect((await tracker.request('GET', '/units')).json().units.map((item: { id: string }) => item.id)).toEqual([unit.id]);
    await adminAgain();
    const other = (await admin.request('POST', '/units', { callsign: 'OTHER-1', kind: 'patrol', members: [] })).json().unit;
    expect(
      (await tracker.request('POST', `/units/${other.id}/position`, { clientId: randomUUID(), location: { lat: 1, lon: 2 } })).statusCode,
    ).toBe(403);
    const status = await tracker.request('POST', `/units/${unit.id}/status`, { clientId: randomUUID(), status: 'en_route' });
    expect(status.statusCode).toBe(403);
    expect(status.json().error.message).toBe(DEVICE_REFUSALS.tracker);
    expect((await tracker.request('GET', '/incidents')).statusCode).toBe(403);
  });

  it('audits registration, enrolment and revocation; revoking ends the session and its realtime socket at once', async () => {
    const { device, enrolmentCode } = await register({ kind: 'wall_display', name: 'Lobby', role: 'Intelligence_Analyst' });
    const wall = await enrol(enrolmentCode);
    const socket = await t.openSocket(sessionCookie(wall.cookies));
    await socket.subscribe([{ channel: 'units' }]);

    const revoked = await admin.request('POST', `/devices/${device.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().device.state).toBe('revoked');
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Your session has ended.' });
    const after = await wall.request('GET', '/auth/me');
    expect(after.statusCode).toBe(401);
    // Revoking again changes nothing and says so plainly.
    expect((await admin.request('POST', `/devices/${device.id}/revoke`, {})).json().device.state).toBe('revoked');

    const audited = await t.services.db.kysely
      .selectFrom('audit_events')
      .select('action')
      .where('target', '=', device.id)
      .orderBy('seq')
      .execute();
    expect(audited.map((event) => event.action)).toEqual(['device.create', 'device.enrol', 'device.revoke']);
  });

  it('uses an enrolment code once, even when two devices race with it through a listening server', async () => {
    const { enrolmentCode } = await register({ kind: 'wall_display', name: 'Race', role: 'Command_Admin' });
    const attempt = () =>
      fetch(`${t.baseUrl}/devices/enrol`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: enrolmentCode }),
      });
    const statuses = (await Promise.all([attempt(), attempt(), attempt()])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 403, 403]);
    const again = await t.app.inject({ method: 'POST', url: '/devices/enrol', payload: { code: enrolmentCode } });
    expect(again.json().error.code).toBe('enrolment_code_invalid');
  });

  it('refuses an expired or unknown code, a bad registration, and devices to anyone but command', async () => {
    const { enrolmentCode } = await register({ kind: 'wall_display', name: 'Late', role: 'Command_Admin' });
    t.clock.advance(31 * MINUTE);
    expect((await t.app.inject({ method: 'POST', url: '/devices/enrol', payload: { code: enrolmentCode } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/devices/enrol', payload: { code: '' } })).statusCode).toBe(400);
    await adminAgain();
    expect((await admin.request('GET', '/devices')).json().devices[0].state).toBe('enrolment_expired');

    expect((await admin.request('POST', '/devices', { kind: 'wall_display', name: 'Root', role: 'Super_Admin' })).statusCode).toBe(400);
    expect((await admin.request('POST', '/devices', { kind: 'tracker', name: 'Nowhere', unitId: 'no-such-unit' })).statusCode).toBe(404);
    expect((await admin.request('POST', '/devices', { kind: 'wall_display', name: '', role: 'Command_Admin' })).statusCode).toBe(400);
    const analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    expect((await analyst.request('GET', '/devices')).statusCode).toBe(403);
    expect((await analyst.request('POST', '/devices', { kind: 'wall_display', name: 'Mine', role: 'Command_Admin' })).statusCode).toBe(403);
  });

  it('keeps a person’s session to the 15-minute rule', async () => {
    t.clock.advance(15 * MINUTE + 1);
    const expired = await admin.request('GET', '/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('session_expired');
  });
});
