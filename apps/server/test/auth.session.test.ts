import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('sessions on %s', (dialect) => {
  let t: TestApp;
  let client: Client;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    client = await signIn(t.app, user.email);
  });
  afterEach(() => t.close());

  it('answers /auth/me with the user and session, and 401 without a session', async () => {
    const me = await client.request('GET', '/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.role).toBe('Intelligence_Analyst');
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const forged = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { [SESSION_COOKIE]: 'forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it.each(['/auth/keepalive', '/auth/logout'])('%s requires X-CSRF-Token matching the CSRF cookie', async (url) => {
    const session = client.cookies[SESSION_COOKIE]!;
    const missing = await t.app.inject({ method: 'POST', url, cookies: { [SESSION_COOKIE]: session, [CSRF_COOKIE]: client.csrf } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('csrf_failed');
    const mismatched = await t.app.inject({
      method: 'POST',
      url,
      cookies: { [SESSION_COOKIE]: session, [CSRF_COOKIE]: client.csrf },
      headers: { [CSRF_HEADER]: 'something-else' },
    });
    expect(mismatched.statusCode).toBe(403);
    // A matching pair that is not this session's own token is refused too.
    const planted = await t.app.inject({
      method: 'POST',
      url,
      cookies: { [SESSION_COOKIE]: session, [CSRF_COOKIE]: 'planted' },
      headers: { [CSRF_HEADER]: 'planted' },
    });
    expect(planted.statusCode).toBe(403);
    expect((await client.request('POST', url)).statusCode).toBe(200);
  });

  it('ends after 15 minutes without keepalive', async () => {
    t.clock.advance(14 * MINUTE);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(200);
    t.clock.advance(MINUTE + 1);
    const expired = await client.request('GET', '/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({ code: 'session_expired', message: 'Session expired due to inactivity' });
    expect((await client.request('POST', '/auth/keepalive')).statusCode).toBe(401);
  });

  it('keepalive slides the inactivity limit', async () => {
    t.clock.advance(10 * MINUTE);
    const keepalive = await client.request('POST', '/auth/keepalive');
    expect(keepalive.statusCode).toBe(200);
    expect(keepalive.json().session.expiresAt).toBe(t.clock.now() + 15 * MINUTE);
    t.clock.advance(10 * MINUTE);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(200);
  });

  it('ends after 24 hours however active the user is', async () => {
    for (let elapsed = 0; elapsed < 24 * 60 - 10; elapsed += 10) {
      t.clock.advance(10 * MINUTE);
      expect((await client.request('POST', '/auth/keepalive')).statusCode).toBe(200);
    }
    const me = await client.request('GET', '/auth/me');
    expect(me.json().session.expiresAt).toBe(me.json().session.absoluteExpiresAt);
    t.clock.advance(10 * MINUTE);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(401);
  });

  it('logout revokes the session on the server, not only the cookie', async () => {
    expect((await client.request('POST', '/auth/logout')).statusCode).toBe(200);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(401);
  });

  it('deactivating a user ends their sessions at once', async () => {
    const me = (await client.request('GET', '/auth/me')).json();
    await t.services.usersRepository.update(me.user.id, { is_active: 0 }, t.clock.now());
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(401);
  });

  it('changing the password enforces the policy and signs out other sessions', async () => {
    const me = (await client.request('GET', '/auth/me')).json();
    const other = await signIn(t.app, me.user.email);
    const weak = await client.request('POST', '/auth/password', {
      currentPassword: 'Lantern-Gravel-Orbit-93',
      newPassword: 'password1234',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    expect(weak.json().error.message).toMatch(/too easy to guess/);
    const short = await client.request('POST', '/auth/password', { currentPassword: 'Lantern-Gravel-Orbit-93', newPassword: 'Xy7!' });
    expect(short.json().error.message).toBe('Password must be at least 12 characters long.');
    const wrong = await client.request('POST', '/auth/password', { currentPassword: 'nope', newPassword: 'Quartz-Harbor-Violet-58' });
    expect(wrong.json().error.code).toBe('current_password_wrong');
    const ok = await client.request('POST', '/auth/password', {
      currentPassword: 'Lantern-Gravel-Orbit-93',
      newPassword: 'Quartz-Harbor-Violet-58',
    });
    expect(ok.statusCode).toBe(200);
    expect((await other.request('GET', '/auth/me')).statusCode).toBe(401);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(200);
    await signIn(t.app, me.user.email, 'Quartz-Harbor-Violet-58');
  });
});
