import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { totpCode } from '../src/features/mfa/totp';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type TestApp } from './support';

/**
 * The web app finishes signing in with a code on its cookie session. Tokens in that answer
 * would be readable by any script on the page, where the httpOnly cookie is not; only a
 * client that signed in for tokens (a bearer client) gets them.
 */
describe.each(TEST_DIALECTS)('second factor on the cookie session on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  /** Enrols a factor, then answers a challenge with its code, as `send` sends requests. */
  async function enrolAndVerify(send: (method: 'POST', url: string, payload: object) => Promise<LightMyRequestResponse>) {
    const enrol = await send('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' });
    const { id: factorId, totp } = enrol.json();
    const challenge = await send('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/challenge`, {});
    return send('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/verify`, {
      challenge_id: challenge.json().id,
      code: totpCode(totp.secret, t.clock.now()),
    });
  }

  it('raises the cookie session to aal2 without putting any token in the answer', async () => {
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const web = await signIn(t.app, user.email);
    const verified = await enrolAndVerify((method, url, payload) => web.request(method, url, payload));

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user: { id: user.id } });
    expect(verified.body).not.toMatch(/access_token|refresh_token/);
    expect(await t.services.db.kysely.selectFrom('refresh_tokens').select('id').execute()).toEqual([]);
    expect((await web.request('GET', '/auth/me')).json().session).toMatchObject({ aal: 'aal2' });
  });

  it('still answers a bearer client with its new tokens', async () => {
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const grant = await t.app.inject({
      method: 'POST',
      url: `${TOKEN_API_PREFIX}/token?grant_type=password`,
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const authorization = `Bearer ${grant.json().access_token}`;
    const verified = await enrolAndVerify((method, url, payload) => t.app.inject({ method, url, payload, headers: { authorization } }));

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), user: { id: user.id } });
  });
});
