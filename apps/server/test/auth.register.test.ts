import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type TestApp } from './support';

const PASSWORD = 'Copper-Meadow-Lantern-48';

/**
 * Self-registration on the civic site answers the same whether or not the address already has an
 * account (a civic reporter's or a member of staff's), so it cannot be used to learn who has one.
 */
describe.each(TEST_DIALECTS)('civic registration without revealing accounts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const register = (email: string, full_name = 'Nia Reporter', password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/auth/register', headers: { host: 'civic.localhost' }, payload: { email, full_name, password } });
  /** What a caller can compare between two answers: all of it but the date and the rate-limit counters that move with every request. */
  const observable = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.body,
    headers: Object.fromEntries(
      Object.entries(response.headers).filter(
        ([name]) => name !== 'date' && !name.startsWith('ratelimit') && !name.startsWith('x-ratelimit'),
      ),
    ),
  });

  it('answers a free address, a civic reporter’s and a staff member’s byte for byte alike, with no session', async () => {
    await createUser(t.services, { role: 'Civic_Reporter', email: 'taken@example.org' });
    await createUser(t.services, { role: 'Command_Admin', email: 'commander@argus.example' });

    const free = await register('free@example.org');
    const taken = await register('taken@example.org');
    const staff = await register('commander@argus.example');

    expect(free.statusCode).toBe(202);
    expect(free.headers['set-cookie']).toBeUndefined();
    expect(observable(taken)).toEqual(observable(free));
    expect(observable(staff)).toEqual(observable(free));
  });

  it('creates the account for a free address, which then signs in; a taken one keeps its holder and password, and the attempt is audited on it', async () => {
    const holder = await createUser(t.services, { role: 'Command_Admin', email: 'commander@argus.example' });

    expect((await register('  New.Reporter@Example.org ')).statusCode).toBe(202);
    const reporter = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'new.reporter@example.org', password: PASSWORD },
    });
    expect(reporter.statusCode).toBe(200);
    expect(reporter.json().user).toMatchObject({ email: 'new.reporter@example.org', full_name: 'Nia Reporter', role: 'Civic_Reporter' });
    expect((await t.services.audit.latest(1, 'user.create'))[0]).toMatchObject({ target: reporter.json().user.id });

    expect((await register('commander@argus.example', 'Someone Else')).statusCode).toBe(202);
    const users = await t.services.db.kysely
      .selectFrom('users')
      .select(['email', 'role', 'full_name'])
      .where('email', '=', 'commander@argus.example')
      .execute();
    expect(users).toEqual([{ email: 'commander@argus.example', role: 'Command_Admin', full_name: holder.full_name }]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'commander@argus.example', password: PASSWORD } }))
        .statusCode,
    ).toBe(401);
    await signIn(t.app, 'commander@argus.example', STRONG_PASSWORD);
    expect(await t.services.audit.latest(10, 'user.register_attempt')).toEqual([expect.objectContaining({ target: holder.id })]);
  });

  it('creates one account when the same free address registers many times at once, answering every request alike', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        // Through the civic site's host name, which fetch does not let a caller set.
        const body = JSON.stringify({ email: 'race@example.org', full_name: 'Nia Reporter', password: PASSWORD });
        return new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
          const sent = http.request(
            {
              host: '127.0.0.1',
              port,
              path: '/auth/register',
              method: 'POST',
              headers: { host: 'civic.localhost', 'content-type': 'application/json' },
            },
            (response) => {
              let text = '';
              response
                .setEncoding('utf8')
                .on('data', (chunk: string) => (text += chunk))
                .on('end', () => resolve({ status: response.statusCode, body: text }));
            },
          );
          sent.on('error', reject).end(body);
        });
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    expect(await t.services.db.kysely.selectFrom('users').select('id').where('email', '=', 'race@example.org').execute()).toHaveLength(1);
  });

  it('still refuses a weak password the same way for a free and a taken address, and stays on the civic site', async () => {
    await createUser(t.services, { role: 'Civic_Reporter', email: 'taken@example.org' });
    const weakFree = await register('weak@example.org', 'Nia Reporter', 'password1234');
    const weakTaken = await register('taken@example.org', 'Nia Reporter', 'password1234');
    expect(weakFree.statusCode).toBe(400);
    expect(weakFree.json().error.code).toBe('weak_password');
    expect(observable(weakTaken)).toEqual(observable(weakFree));

    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { host: 'localhost' },
      payload: { email: 'main@example.org', full_name: 'Main', password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses an address of the domain device accounts use, so no one can pass for a wall display', async () => {
    const posing = await register('device-1@devices.argus.invalid', 'Wall display: Ops room');
    expect(posing.statusCode).toBe(400);
    expect(posing.json().error.message).toMatch(/reserved for Argus’s own devices/);
    expect(await t.services.db.kysely.selectFrom('users').select('id').where('full_name', '=', 'Wall display: Ops room').execute()).toEqual(
      [],
    );
  });
});
