import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

/**
 * Guesses sent all at once, against a listening server: the lockout must hold however the
 * requests interleave, so no more passwords are checked than the limits allow.
 */
describe.each(TEST_DIALECTS)('sign-in bursts on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(() => t.close());

  const login = (email: string, password: string, address: string) =>
    fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });

  /** Each password checked and found wrong leaves one failure in the audit log. */
  const checkedAndWrong = async (field: 'target' | 'ip', value: string) =>
    (await t.services.audit.latest(1000, 'auth.login_failure')).filter((event) => event[field] === value).length;

  const throttleRow = (key: string) =>
    t.services.db.kysely.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();

  it('checks at most five passwords of one account, and the right one late in the burst does not get in', async () => {
    await createUser(t.services, { email: 'target@argus.test' });
    const passwords = Array.from({ length: 40 }, (_, index) => (index === 37 ? STRONG_PASSWORD : `wrong-guess-${index}`));
    const statuses = await Promise.all(passwords.map(async (password) => (await login('target@argus.test', password, '10.20.0.1')).status));

    expect(statuses).not.toContain(200);
    // Wrong (401) or locked (429); a check whose failure completes the lock may already answer 429.
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(await checkedAndWrong('target', 'target@argus.test')).toBeLessThanOrEqual(5);
    const row = await throttleRow('email:target@argus.test');
    expect(row!.failures).toBeLessThanOrEqual(5);
    expect(row!.locked_until).toBeGreaterThan(t.clock.now());
    // Locked: the right password from another address is refused too.
    expect((await login('target@argus.test', STRONG_PASSWORD, '10.20.0.2')).status).toBe(429);
  });

  it('checks at most the address limit of passwords from one address guessing across accounts', async () => {
    await createUser(t.services, { email: 'victim@argus.test' });
    const emails = Array.from({ length: 60 }, (_, index) => (index === 57 ? 'victim@argus.test' : `guess-${index}@argus.test`));
    const statuses = await Promise.all(
      emails.map(
        async (email) => (await login(email, email === 'victim@argus.test' ? STRONG_PASSWORD : 'wrong-guess', '10.30.0.1')).status,
      ),
    );

    expect(statuses).not.toContain(200);
    expect(await checkedAndWrong('ip', '10.30.0.1')).toBeLessThanOrEqual(t.config.loginAddressMaxFailures);
    expect((await throttleRow('ip:10.30.0.1'))!.locked_until).toBeGreaterThan(t.clock.now());
    // Only the address is throttled: the account itself is not locked elsewhere.
    expect((await login('victim@argus.test', STRONG_PASSWORD, '10.30.0.2')).status).toBe(200);
  });
});
