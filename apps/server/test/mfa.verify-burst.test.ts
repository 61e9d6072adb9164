import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MFA } from '@argus/contracts/constants';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { totpCode, totpStep } from '../src/features/mfa/totp';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, sendOver, signIn, type Client, type TestApp } from './support';

/**
 * Codes sent all at once for one factor, against a listening server: the per-factor limit must
 * hold however the requests interleave, so no more codes are checked than it allows.
 */
describe.each(TEST_DIALECTS)('second-factor code bursts on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(() => t.close());

  const challenge = async (client: Client, factorId: string): Promise<string> =>
    (await client.request('POST', `${TOKEN_API_PREFIX}/factors/${factorId}/challenge`, {})).json().id;

  /** The verify call as the web app sends it on its cookie session, over a real connection. */
  const verify = (client: Client, factorId: string, challengeId: string, code: string) =>
    sendOver(baseUrl, client, 'POST', `${TOKEN_API_PREFIX}/factors/${factorId}/verify`, { challenge_id: challengeId, code });

  /** Each code checked and found wrong leaves one failure in the audit log. */
  const checkedAndWrong = async (factorId: string) =>
    (await t.services.audit.latest(1000, 'mfa.verify_failure')).filter((event) => event.target === factorId).length;

  it('checks at most five codes of one factor at sign-in, and the right one late in the burst does not get in', async () => {
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const enrolling = await signIn(t.app, user.email);
    const { id: factorId, totp } = (await enrolling.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' })).json();
    const enrolled = await verify(enrolling, factorId, await challenge(enrolling, factorId), totpCode(totp.secret, t.clock.now()));
    expect(enrolled.status).toBe(200);

    // A later sign-in, held at aal1 until it gives a code of a step not used yet.
    t.clock.advance(60_000);
    const signingIn = await signIn(t.app, user.email);
    const challengeId = await challenge(signingIn, factorId);
    const rightCode = totpCode(totp.secret, t.clock.now());
    const wrongCodes = Array.from({ length: 200 }, (_, index) => String(100_000 + index * 4_099)).filter(
      (code) => totpStep(totp.secret, code, t.clock.now()) === null,
    );
    const codes = Array.from({ length: 30 }, (_, index) => (index === 27 ? rightCode : wrongCodes[index]!));
    const statuses = await Promise.all(codes.map(async (code) => (await verify(signingIn, factorId, challengeId, code)).status));

    expect(statuses).not.toContain(200);
    expect(new Set(statuses)).toEqual(new Set([422, 429]));
    expect(await checkedAndWrong(factorId)).toBeLessThanOrEqual(MFA.maxFailures);
    const row = await t.services.db.kysely.selectFrom('login_throttle').selectAll().where('key', '=', `mfa:${factorId}`).executeTakeFirst();
    expect(row!.failures).toBeLessThanOrEqual(MFA.maxFailures);
    expect(row!.locked_until).toBeGreaterThan(t.clock.now());
    expect((await signingIn.request('GET', '/auth/me')).json().session.aal).toBe('aal1');
    // Locked: the right code on a fresh challenge is refused too.
    const locked = await verify(signingIn, factorId, await challenge(signingIn, factorId), rightCode);
    expect(locked.status).toBe(429);
  });

  it('gives a right code its attempt back, so a wrong guess before it does not add up with later ones', async () => {
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const client = await signIn(t.app, user.email);
    const { id: factorId, totp } = (await client.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp' })).json();
    const wrongCode = totpStep(totp.secret, '000000', t.clock.now()) === null ? '000000' : '999999';

    for (let attempt = 0; attempt < MFA.maxFailures - 1; attempt += 1) {
      expect((await verify(client, factorId, await challenge(client, factorId), wrongCode)).status).toBe(422);
    }
    expect((await verify(client, factorId, await challenge(client, factorId), totpCode(totp.secret, t.clock.now()))).status).toBe(200);

    t.clock.advance(60_000);
    const next = await signIn(t.app, user.email);
    for (let attempt = 0; attempt < MFA.maxFailures - 1; attempt += 1) {
      expect((await verify(next, factorId, await challenge(next, factorId), wrongCode)).status).toBe(422);
    }
    expect((await verify(next, factorId, await challenge(next, factorId), totpCode(totp.secret, t.clock.now()))).status).toBe(200);
  });
});
