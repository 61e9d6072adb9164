import { AuthApiError, GoTrueClient, isAuthSessionMissingError } from '@supabase/auth-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { ManualClock } from '../src/lib/clock';
import { totpCode } from '../src/features/mfa/totp';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type TestApp } from './support';

type Jwks = { keys: ({ kid: string } & Record<string, unknown>)[] };
type TokenAnswer = { access_token: string; refresh_token: string };

/**
 * The real @supabase/auth-js client, unmodified, against a listening Argus: the token API is
 * only right if the client the "authentication library calls" of docs/specification.md come from accepts it.
 */
describe.each(TEST_DIALECTS)('the Supabase Auth client against Argus on %s', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let baseUrl: string;
  let email: string;
  let userId: string;

  const client = () =>
    new GoTrueClient({
      url: `${baseUrl}${TOKEN_API_PREFIX}`,
      persistSession: false,
      autoRefreshToken: false,
      storageKey: `argus-${Math.random()}`,
    });

  const signedInClient = async () => {
    const auth = client();
    const { error } = await auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    return auth;
  };

  beforeEach(async () => {
    // Tokens are judged by the client against real time, so the server clock starts at now.
    clock = new ManualClock(Date.now());
    t = await buildTestApp(dialect, {}, clock);
    const user = await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Avery Analyst' });
    email = user.email;
    userId = user.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(() => t.close());

  it('signs in with a password, keeps the session and reads the user', async () => {
    const auth = client();
    const { data, error } = await auth.signInWithPassword({ email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(data.user).toMatchObject({ id: userId, email, role: 'Intelligence_Analyst', user_metadata: { full_name: 'Avery Analyst' } });

    const session = await auth.getSession();
    expect(session.data.session?.access_token).toBe(data.session!.access_token);
    const user = await auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(userId);
  });

  it('answers a wrong password with the client error code and the server API version', async () => {
    const { data, error } = await client().signInWithPassword({ email, password: 'Not-The-Password-99' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid email or password' });
    const raw = await fetch(`${baseUrl}${TOKEN_API_PREFIX}/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Not-The-Password-99' }),
    });
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('verifies its claims through the published JWKS', async () => {
    const auth = await signedInClient();
    const { data, error } = await auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(data?.claims).toMatchObject({
      sub: userId,
      aud: 'authenticated',
      email,
      role: 'Intelligence_Analyst',
      aal: 'aal1',
      iss: `${t.config.publicUrl}${TOKEN_API_PREFIX}`,
      amr: [expect.objectContaining({ method: 'password' })],
    });
    expect(typeof data?.claims.session_id).toBe('string');
    const jwks = (await (await fetch(`${baseUrl}/.well-known/jwks.json`)).json()) as Jwks;
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys.map((key) => key.kid)).toContain(data?.header.kid);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('refreshes on request, and when the access token is near expiry', async () => {
    const auth = await signedInClient();
    const before = (await auth.getSession()).data.session!;
    const { data, error } = await auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect(data.session!.access_token).not.toBe(before.access_token);

    // Issue the next token as if fourteen and a half minutes ago: it expires within the
    // client's refresh margin, so getSession refreshes by itself.
    clock.advance(-14.5 * 60_000);
    const nearExpiry = await auth.refreshSession();
    clock.advance(14.5 * 60_000);
    const refreshed = await auth.getSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(nearExpiry.data.session!.refresh_token);
  });

  it('refreshes by itself with autoRefreshToken when the access token nears expiry', async () => {
    // Tokens issued as if fourteen and a half minutes ago expire within the refresh margin.
    clock.advance(-14.5 * 60_000);
    const auth = new GoTrueClient({
      url: `${baseUrl}${TOKEN_API_PREFIX}`,
      persistSession: false,
      autoRefreshToken: false,
      storageKey: `argus-auto-${Math.random()}`,
    });
    const signedIn = await auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();
    clock.advance(14.5 * 60_000);
    const refreshed = new Promise<string>((resolve) => {
      auth.onAuthStateChange((event, session) => {
        if (event === 'TOKEN_REFRESHED' && session) resolve(session.refresh_token);
      });
    });
    const before = signedIn.data.session!.refresh_token;
    await auth.startAutoRefresh();
    try {
      const after = await refreshed;
      expect(after).not.toBe(before);
    } finally {
      await auth.stopAutoRefresh();
    }
  });

  it('gives a retried refresh the same new token, and ends the family when an old token is replayed', async () => {
    const auth = await signedInClient();
    const original = (await auth.getSession()).data.session!.refresh_token;
    const refresh = (token: string) =>
      fetch(`${baseUrl}${TOKEN_API_PREFIX}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
    const first = (await (await refresh(original)).json()) as TokenAnswer;
    clock.advance(5_000);
    const retried = (await (await refresh(original)).json()) as TokenAnswer;
    expect(retried.refresh_token).toBe(first.refresh_token);

    clock.advance(10_000);
    const replay = await refresh(original);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
    // The thief's replay ended the session for the holder of the newest token too.
    const after = await refresh(first.refresh_token);
    expect(after.status).toBeGreaterThanOrEqual(400);
    const user = await client().getUser(first.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);
  });

  it('enrols TOTP, reaches aal2 by challenge and verify, refuses a reused code, and unenrols', async () => {
    const auth = await signedInClient();
    const enrolled = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Duty phone' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { qr_code: string; secret: string; uri: string } };
    expect(totp.qr_code.startsWith('data:image/svg+xml')).toBe(true);
    expect(totp.uri).toContain('otpauth://totp/');
    expect(totp.uri).toContain(encodeURIComponent(email));

    const challenge = await auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const code = totpCode(totp.secret, clock.now());
    const verified = await auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const level = await auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await auth.mfa.listFactors();
    expect(factors.data?.totp.map((factor) => factor.id)).toEqual([factorId]);

    // A challenge is single use, and a code is never accepted twice.
    const again = await auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(again.error).toMatchObject({ code: 'mfa_challenge_expired' });
    const second = await auth.mfa.challenge({ factorId });
    const reused = await auth.mfa.verify({ factorId, challengeId: second.data!.id, code });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    // A session that has only the password cannot strip the factor...
    const other = await signedInClient();
    expect((await other.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await other.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    // ...the aal2 session can.
    const removed = await auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect((await auth.mfa.listFactors()).data?.totp).toEqual([]);
  });

  it('expires a challenge after five minutes and refuses phone factors plainly', async () => {
    const auth = await signedInClient();
    const enrolled = await auth.mfa.enroll({ factorType: 'totp' });
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const challenge = await auth.mfa.challenge({ factorId });
    clock.advance(5 * 60_000 + 1);
    const late = await auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(totp.secret, clock.now()) });
    expect(late.error).toMatchObject({ code: 'mfa_challenge_expired' });
    clock.advance(-(5 * 60_000 + 1));
    const phone = await auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ code: 'mfa_phone_not_enabled' });
    expect(phone.error?.message).toContain('not enabled on this server');
  });

  it('signs out this session, the others, or all of them', async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const third = await signedInClient();
    expect((await first.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.getUser()).error).toBeNull();
    const secondToken = (await second.getSession()).data.session!.access_token;
    expect(isAuthSessionMissingError((await client().getUser(secondToken)).error)).toBe(true);
    expect((await third.getUser()).error).not.toBeNull();

    const token = (await first.getSession()).data.session!.access_token;
    expect((await first.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.getSession()).data.session).toBeNull();
    expect(isAuthSessionMissingError((await client().getUser(token)).error)).toBe(true);
  });

  it('rotates keys without signing anyone out', async () => {
    const auth = await signedInClient();
    const before = await auth.getClaims();
    await t.services.keys.rotate();
    expect((await auth.getUser()).error).toBeNull();
    const jwks = (await (await fetch(`${baseUrl}${TOKEN_API_PREFIX}/.well-known/jwks.json`)).json()) as Jwks;
    // The retired key, the new current one and the new next one.
    expect(jwks.keys).toHaveLength(3);
    const fresh = await signedInClient();
    const after = await fresh.getClaims();
    expect(after.data?.header.kid).not.toBe(before.data?.header.kid);
    expect(jwks.keys.map((key) => key.kid)).toContain(before.data?.header.kid);
  });

  it('serves the same endpoints to the web app’s cookie session, with the CSRF header', async () => {
    const web = await signIn(t.app, email);
    const user = await web.request('GET', `${TOKEN_API_PREFIX}/user`);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ id: userId, email });
    const enrol = await web.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' });
    expect(enrol.statusCode).toBe(200);
    const withoutCsrf = await t.app.inject({
      method: 'POST',
      url: `${TOKEN_API_PREFIX}/factors`,
      cookies: web.cookies,
      payload: { factor_type: 'totp' },
    });
    expect(withoutCsrf.statusCode).toBe(403);
    expect(withoutCsrf.json()).toMatchObject({ code: 'csrf_failed' });
  });
});
