import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

describe.each(TEST_DIALECTS)('sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const login = (email: string, password: string, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

  it('signs in with a trimmed, lower-cased email and sets the session and CSRF cookies', async () => {
    await createUser(t.services, { email: 'ada@argus.test', full_name: 'Ada Lovelace', role: 'Command_Admin' });
    const response = await login('  ADA@Argus.Test ', STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ada@argus.test',
      full_name: 'Ada Lovelace',
      role: 'Command_Admin',
      is_active: true,
    });
    expect(body.user.password_hash).toBeUndefined();
    expect(body.session).toMatchObject({
      aal: 'aal1',
      originalUser: null,
      expiresAt: t.clock.now() + 15 * 60_000,
      serverTime: t.clock.now(),
    });
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    const csrf = response.cookies.find((cookie) => cookie.name === CSRF_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).not.toBe(session.value);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    await createUser(t.services, { email: 'known@argus.test' });
    const wrong = await login('known@argus.test', 'not-the-password');
    const unknown = await login('nobody@argus.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive user even with the right password', async () => {
    await createUser(t.services, { email: 'gone@argus.test', is_active: false });
    const response = await login('gone@argus.test', STRONG_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('account_inactive');
  });

  it('rejects malformed bodies with a 400 that says what is wrong', async () => {
    const cases = [
      { payload: { email: 'not-an-email', password: 'x' }, expect: 'email' },
      { payload: { email: 'a@b.test' }, expect: 'password' },
      { payload: { email: 'a@b.test', password: '' }, expect: 'Enter your password.' },
      { payload: [], expect: 'body' },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload: c.payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.message).toContain(c.expect);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/JSON/i);
    const text = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });

  it('locks an account for 15 minutes after five failures, then lets it in again', async () => {
    await createUser(t.services, { email: 'target@argus.test' });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login('target@argus.test', 'wrong-guess')).statusCode).toBe(401);
    }
    const fifth = await login('target@argus.test', 'wrong-guess');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('account_locked');
    // Locked: even the right password from another address is refused.
    expect((await login('target@argus.test', STRONG_PASSWORD, '10.9.0.2')).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login('target@argus.test', STRONG_PASSWORD, '10.9.0.2')).statusCode).toBe(200);
  });

  it('locks unknown emails the same way, so lockout reveals nothing', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('ghost@argus.test', 'guess');
    const fifth = await login('ghost@argus.test', 'guess');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('account_locked');
  });

  it('a success resets the account counter', async () => {
    await createUser(t.services, { email: 'typo@argus.test' });
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('typo@argus.test', 'wrong');
    expect((await login('typo@argus.test', STRONG_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login('typo@argus.test', 'wrong')).statusCode).toBe(401);
  });

  it('records sign-in success, failure and lockout in the audit log', async () => {
    const user = await createUser(t.services, { email: 'audited@argus.test' });
    await login('audited@argus.test', STRONG_PASSWORD);
    await login('audited@argus.test', 'wrong');
    const actions = (await t.services.audit.latest(10)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login_success', 'auth.login_failure', 'user.create']));
    const failure = (await t.services.audit.latest(1, 'auth.login_failure'))[0]!;
    expect(failure).toMatchObject({ subject_id: user.id, ip: '10.9.0.1' });
  });
});

describe.each(TEST_DIALECTS)('source address throttling on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { LOGIN_ADDRESS_MAX_FAILURES: '3' });
  });
  afterEach(() => t.close());

  it('throttles an address that guesses across many accounts', async () => {
    await createUser(t.services, { email: 'victim@argus.test' });
    for (const email of ['a@argus.test', 'b@argus.test']) {
      const r = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'x' }, remoteAddress: '10.1.1.1' });
      expect(r.statusCode).toBe(401);
    }
    const third = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'c@argus.test', password: 'x' },
      remoteAddress: '10.1.1.1',
    });
    expect(third.statusCode).toBe(429);
    const fromThere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'victim@argus.test', password: STRONG_PASSWORD },
      remoteAddress: '10.1.1.1',
    });
    expect(fromThere.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'victim@argus.test', password: STRONG_PASSWORD },
      remoteAddress: '10.1.1.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not count the right password against the address, which a shift of units may share', async () => {
    const units = await Promise.all([1, 2, 3, 4].map(() => createUser(t.services)));
    for (const unit of units) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: unit.email, password: STRONG_PASSWORD },
        remoteAddress: '10.1.1.3',
      });
      expect(r.statusCode).toBe(200);
    }
  });
});
