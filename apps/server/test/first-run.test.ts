import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETUP_ATTEMPTS } from '../src/features/first-run/first-run.service';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type TestApp } from './support';

const ADMIN = { email: 'first.admin@argus.example', full_name: 'Ada First', password: STRONG_PASSWORD };

/**
 * First run in the browser (docs/decisions/0045-first-run-setup-code.md): while no account exists,
 * the setup code printed at start creates the first Super_Admin, once; without it nothing changes.
 */
describe.each(TEST_DIALECTS)('first run on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { MFA_REQUIRED_FOR_ADMINS: 'true' });
  });
  afterEach(() => t.close());

  const status = async () => (await t.app.inject({ method: 'GET', url: '/auth/setup' })).json();
  const setup = (setupCode: string, body: Partial<typeof ADMIN> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/setup', headers, payload: { setupCode, ...ADMIN, ...body } });
  const userCount = async () => (await t.services.db.kysely.selectFrom('users').select('id').execute()).length;

  it('is closed until the server opens it, and stays closed when an account exists at start', async () => {
    expect(await status()).toEqual({ open: false });
    expect((await setup('AAAA-BBBB-CCCC-DDDD')).json().error.code).toBe('setup_closed');

    await createUser(t.services, { role: 'Field_Unit' });
    expect(await t.services.firstRun.openIfEmpty()).toBeNull();
    expect(await status()).toEqual({ open: false });
    const refused = await setup('AAAA-BBBB-CCCC-DDDD');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Argus already has an administrator. Sign in instead.');
    expect(await userCount()).toBe(1);
  });

  it('refuses a wrong code with a clear message and creates nothing; the right code creates a Super_Admin who must enrol a second factor', async () => {
    const code = await t.services.firstRun.openIfEmpty();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await status()).toEqual({ open: true });

    const wrong = await setup('AAAA-BBBB-CCCC-DDDD');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'setup_code_wrong', message: expect.stringContaining('printed') });
    const weak = await setup(code!, { password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    const elsewhere = await setup(code!, {}, { host: 'civic.localhost' });
    expect(elsewhere.statusCode).toBe(403);
    expect(await userCount()).toBe(0);
    expect(await status()).toEqual({ open: true });

    // Typed in lower case with spaces for dashes: still the code.
    const created = await setup(code!.toLowerCase().replaceAll('-', ' '));
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: ADMIN.email, full_name: ADMIN.full_name, role: 'Super_Admin', is_active: true });
    expect(await status()).toEqual({ open: false });
    expect((await t.services.audit.latest(1, 'user.create'))[0]).toMatchObject({ target: created.json().user.id });

    // The same code again, or any other, changes nothing now.
    const again = await setup(code!, { email: 'second@argus.example' });
    expect(again.statusCode).toBe(409);
    expect(await userCount()).toBe(1);

    // Signed in, the new administrator is told to set up a second factor before anything administrative.
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const me = await admin.request('GET', '/auth/me');
    expect(me.json().session.mfa).toEqual({ enrolled: false, required: true });
    const users = await admin.request('GET', '/users');
    expect(users.statusCode).toBe(403);
    expect(users.json().error.code).toBe('mfa_enrolment_required');
  });

  it('stays open when members of the public register on the civic site, which anyone may', async () => {
    await createUser(t.services, { role: 'Civic_Reporter' });
    const code = await t.services.firstRun.openIfEmpty();
    expect(code).not.toBeNull();
    await createUser(t.services, { role: 'Civic_Reporter' });
    expect(await status()).toEqual({ open: true });
    expect((await setup(code!)).statusCode).toBe(201);
  });

  it('closes when an account is created another way (the CLI) while the code is out', async () => {
    const code = await t.services.firstRun.openIfEmpty();
    await createUser(t.services, { role: 'Super_Admin' });
    expect(await status()).toEqual({ open: false });
    expect((await setup(code!)).statusCode).toBe(409);
    expect(await userCount()).toBe(1);
  });

  it(`allows ${SETUP_ATTEMPTS.perAddress} tries per address, then answers 429 even to the right code`, async () => {
    const code = await t.services.firstRun.openIfEmpty();
    for (let attempt = 0; attempt < SETUP_ATTEMPTS.perAddress; attempt += 1) {
      expect((await setup('AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(403);
    }
    expect((await setup(code!)).statusCode).toBe(429);
    expect(await userCount()).toBe(0);
    t.clock.advance(SETUP_ATTEMPTS.windowMs);
    expect((await setup(code!)).statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous right answers through a listening server', async () => {
    const code = await t.services.firstRun.openIfEmpty();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const claim = (email: string) =>
      fetch(`http://127.0.0.1:${port}/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ setupCode: code, ...ADMIN, email }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: { code: string } } }));
    const answers = await Promise.all([claim('one@argus.example'), claim('two@argus.example')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error!.code).toBe('setup_closed');
    const users = await t.services.db.kysely.selectFrom('users').select(['email', 'role']).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.role).toBe('Super_Admin');
  });

  it('inserts only one first account when two writers race at the database itself', async () => {
    const row = (email: string) => ({
      id: randomUUID(),
      email,
      full_name: 'Racer',
      role: 'Super_Admin' as const,
      is_active: 1,
      password_hash: 'not-a-hash',
      created_at: 1,
      updated_at: 1,
    });
    const inserted = await Promise.all([
      t.services.usersRepository.insertIfNoStaff(row('a@argus.example')),
      t.services.usersRepository.insertIfNoStaff(row('b@argus.example')),
    ]);
    expect(inserted.filter(Boolean)).toHaveLength(1);
    expect(await userCount()).toBe(1);
  });
});
