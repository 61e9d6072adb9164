import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { ManualClock } from '../src/lib/clock';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

/**
 * A shift of field units behind one carrier address must keep refreshing: refresh grants
 * count per token family (session), not against the address's public budget.
 */
describe.each(TEST_DIALECTS)('refresh limits on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { RATE_LIMIT_PUBLIC_MAX: '4', REFRESH_FAMILY_MAX: '3' }, new ManualClock(Date.now()));
  });
  afterEach(() => t.close());

  const grant = (query: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${TOKEN_API_PREFIX}/token?grant_type=${query}`, payload, remoteAddress: '203.0.113.7' });

  it('counts refreshes per family, and not against the shared address', async () => {
    const users = await Promise.all([createUser(t.services), createUser(t.services)]);
    // Two sign-ins use two of the address's four public requests.
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
});
