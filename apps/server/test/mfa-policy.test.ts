import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { totpCode } from '../src/features/mfa/totp';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/** Enrols and verifies a TOTP factor through the cookie session, as the Settings page does. */
async function enrolTotp(t: TestApp, client: Client): Promise<{ factorId: string; secret: string }> {
  const enrol = await client.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp', friendly_name: 'Duty phone' });
  expect(enrol.statusCode).toBe(200);
  const { id: factorId, totp } = enrol.json();
  await verifyWith(t, client, factorId, totp.secret);
  return { factorId, secret: totp.secret };
}

async function verifyWith(t: TestApp, client: Client, factorId: string, secret: string) {
  const challenge = await client.request('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/challenge`, {});
  expect(challenge.statusCode).toBe(200);
  const verify = await client.request('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/verify`, {
    challenge_id: challenge.json().id,
    code: totpCode(secret, t.clock.now()),
  });
  expect(verify.statusCode).toBe(200);
}

describe.each(TEST_DIALECTS)('second-factor policy on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { MFA_REQUIRED_FOR_ADMINS: 'true' });
  });
  afterEach(() => t.close());

  it('keeps an administrator from administrative actions until a second factor is verified', async () => {
    const admin = await createUser(t.services, { role: 'Command_Admin' });
    const client = await signIn(t.app, admin.email);
    const me = await client.request('GET', '/auth/me');
    expect(me.json().session).toMatchObject({ aal: 'aal1', mfa: { enrolled: false, required: true } });
    const blocked = await client.request('GET', '/users');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({ code: 'mfa_enrolment_required', message: expect.stringContaining('Settings') });
    expect((await client.request('GET', '/users/active')).statusCode).toBe(403);

    await enrolTotp(t, client);
    expect((await client.request('GET', '/auth/me')).json().session).toMatchObject({
      aal: 'aal2',
      mfa: { enrolled: true, required: true },
    });
    expect((await client.request('GET', '/users')).statusCode).toBe(200);
  });

  it('holds a new sign-in at aal1 to finishing sign-in until the code is given', async () => {
    const analyst = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const { factorId, secret } = await enrolTotp(t, await signIn(t.app, analyst.email));

    t.clock.advance(60_000);
    const next = await signIn(t.app, analyst.email);
    const me = await next.request('GET', '/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().session).toMatchObject({ aal: 'aal1', mfa: { enrolled: true, required: false } });
    const held = await next.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: 'insufficient_aal' });
    expect((await next.request('POST', '/auth/keepalive')).statusCode).toBe(200);
    expect((await next.request('GET', `${TOKEN_API_PREFIX}/user`)).json().factors).toHaveLength(1);

    await verifyWith(t, next, factorId, secret);
    expect((await next.request('GET', '/auth/me')).json().session.aal).toBe('aal2');
    expect((await next.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp', friendly_name: 'Spare' })).statusCode).toBe(
      200,
    );
  });

  it('holds sessions that were open when the factor was enrolled elsewhere', async () => {
    const unit = await createUser(t.services, { role: 'Field_Unit' });
    const older = await signIn(t.app, unit.email);
    expect((await older.request('GET', `${TOKEN_API_PREFIX}/user`)).statusCode).toBe(200);
    expect((await older.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' })).statusCode).toBe(200);
    await enrolTotp(t, await signIn(t.app, unit.email));
    const held = await older.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' });
    expect(held.json()).toMatchObject({ code: 'insufficient_aal' });
  });
});

describe.each(TEST_DIALECTS)('second-factor policy switched off on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { MFA_REQUIRED_FOR_ADMINS: 'false' });
  });
  afterEach(() => t.close());

  it('lets administrators act without a factor', async () => {
    const admin = await createUser(t.services, { role: 'Super_Admin' });
    const client = await signIn(t.app, admin.email);
    expect((await client.request('GET', '/auth/me')).json().session.mfa).toEqual({ enrolled: false, required: false });
    expect((await client.request('GET', '/users')).statusCode).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('recovery codes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it('are shown once, kept only as hashes, and each stands in for the authenticator once', async () => {
    const unit = await createUser(t.services, { role: 'Field_Unit' });
    const first = await signIn(t.app, unit.email);
    const refused = await first.request('POST', `${TOKEN_API_PREFIX}/factors/recovery-codes`);
    expect(refused.statusCode).toBe(404);
    const { factorId } = await enrolTotp(t, first);
    const created = await first.request('POST', `${TOKEN_API_PREFIX}/factors/recovery-codes`);
    expect(created.statusCode).toBe(200);
    const codes: string[] = created.json().codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{5}-[A-HJ-KM-NP-Z2-9]{5}$/);
    const stored = await t.services.db.kysely.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);

    // A new sign-in with the authenticator lost: a recovery code (any case, dash optional) works once.
    const second = await signIn(t.app, unit.email);
    const answer = async (client: typeof second, code: string) => {
      const challenge = await client.request('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/challenge`, {});
      return client.request('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/verify`, { challenge_id: challenge.json().id, code });
    };
    expect((await answer(second, codes[0]!.replace('-', '').toLowerCase())).statusCode).toBe(200);
    expect((await second.request('GET', '/auth/me')).json().session.aal).toBe('aal2');
    expect((await second.request('GET', `${TOKEN_API_PREFIX}/factors/recovery-codes`)).json()).toEqual({ remaining: 9 });

    const third = await signIn(t.app, unit.email);
    const spent = await answer(third, codes[0]!);
    expect(spent.statusCode).toBe(422);
    expect(spent.json()).toMatchObject({ code: 'mfa_verification_failed' });
  });
});
