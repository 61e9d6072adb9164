import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { ManualClock } from '../src/lib/clock';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

/**
 * Refresh grants count per token family (session), so one stolen token cannot be spun without
 * end; one sent without a session is also a public call, counted against its address, so an
 * address cannot try refresh tokens without end either.
 */
describe.each(TEST_DIALECTS)('refresh limits on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { RATE_LIMIT_PUBLIC_MAX: '10', REFRESH_FAMILY_MAX: '3' }, new ManualClock(Date.now()));
  });
  afterEach(() => t.close());

  const grant = (query: string, payload: object, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: `${TOKEN_API_PREFIX}/token?grant_type=${query}`, payload, remoteAddress });

  it('counts refreshes per family', async () => {
    const users = await Promise.all([createUser(t.services), createUser(t.services)]);
    // Two sign-ins and eight refreshes: the address's ten public requests, all used.
    const families = await Promise.all(users.map((user) => grant('password', { email: user.email, password: STRONG_PASSWORD })));
    expect(families.map((response) => response.statusCode)).toEqual([200, 200]);

    for (const family of families) {
      let token = family.json().refresh_token as string;
      for (let i = 0; i < 3; i += 1) {
        const next = await grant('refresh_token', { refresh_token: token });
        expect(next.statusCode).toBe(200);
        token = next.json().refresh_token;
      }
      const over = await grant('refresh_token', { refresh_token: token });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'over_request_rate_limit' });
    }
  });

  it('counts refreshes without a session against the address, like any public call', async () => {
    const user = await createUser(t.services);
    const signedIn = await grant('password', { email: user.email, password: STRONG_PASSWORD });
    const token = signedIn.json().refresh_token as string;
    // Guessed tokens belong to no family; they spend the rest of the address's ten requests.
    for (let guess = 0; guess < 9; guess += 1) {
      const tried = await grant('refresh_token', { refresh_token: `guessed-refresh-token-${guess}` });
      expect(tried.statusCode).toBe(400);
    }
    const over = await grant('refresh_token', { refresh_token: token });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(over.headers['retry-after']).toBeDefined();
    // The family itself has used nothing: the same token works from another address.
    expect((await grant('refresh_token', { refresh_token: token }, '203.0.113.8')).statusCode).toBe(200);
  });
});
