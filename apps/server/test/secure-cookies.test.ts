import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

const HTTPS = { 'x-forwarded-proto': 'https' };

/** Behind a TLS proxy (TRUST_PROXY) the cookies are Secure and carry the __Host- prefix. */
describe.each(TEST_DIALECTS)('cookies over https on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
  });
  afterEach(() => t.close());

  it('sets __Host- cookies, reads only those, and sends HSTS', async () => {
    const user = await createUser(t.services);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: HTTPS,
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies['__Host-argus_session']).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookies['__Host-argus_csrf']).toMatchObject({ secure: true, path: '/' });
    expect(cookies['__Host-argus_session']?.domain).toBeUndefined();
    expect(login.headers['strict-transport-security']).toContain('max-age=');

    const session = cookies['__Host-argus_session']!.value;
    const csrf = cookies['__Host-argus_csrf']!.value;
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: HTTPS, cookies: { '__Host-argus_session': session } });
    expect(me.statusCode).toBe(200);
    // An unprefixed cookie, which a sibling subdomain could have planted, counts for nothing.
    const planted = await t.app.inject({ method: 'GET', url: '/auth/me', headers: HTTPS, cookies: { argus_session: session } });
    expect(planted.statusCode).toBe(401);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...HTTPS, 'x-csrf-token': csrf },
      cookies: { '__Host-argus_session': session, '__Host-argus_csrf': csrf },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.map((cookie) => cookie.name).sort()).toEqual(['__Host-argus_csrf', '__Host-argus_session']);
  });
});
