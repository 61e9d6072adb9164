import http from 'node:http';
import { GoTrueClient } from '@supabase/auth-js';
import Provider from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { ManualClock } from '../src/lib/clock';
import { pkceS256 } from '../src/features/oauth/pkce';
import { TEST_DIALECTS } from './databases';
import { freePort } from './free-port';
import { buildTestApp, createUser, type TestApp } from './support';

const APP_RETURN = 'http://app.example.test/welcome';

interface Account {
  sub: string;
  email: string;
  email_verified: boolean;
}

/** A real OpenID Provider (the npm `oidc-provider`), with its development login and consent pages. */
async function startProvider(port: number, argusCallback: string, accounts: Record<string, Account>) {
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: 'argus',
        client_secret: 'argus-client-secret-for-tests-only',
        redirect_uris: [argusCallback],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    findAccount: async (_ctx: unknown, id: string) =>
      accounts[id] ? { accountId: id, claims: async () => ({ ...accounts[id]! }) } : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Plays the browser: follows redirects by hand with a cookie jar, signs in as `login` on the
 * provider's page and consents, until the flow lands back on the app with a code or an error.
 */
async function browse(start: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(APP_RETURN)) return new URL(url);
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt) throw new Error(`unexpected page at ${url}: ${response.status} ${page.slice(0, 300)}`);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('too many redirects');
}

describe.each(TEST_DIALECTS)('OIDC sign-in with PKCE against a real provider on %s', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let base: string;
  let provider: { close: () => Promise<void> };
  let email: string;

  async function start(linkByEmail: boolean) {
    const [argusPort, providerPort] = await Promise.all([freePort(), freePort()]);
    base = `http://127.0.0.1:${argusPort}`;
    clock = new ManualClock(Date.now());
    t = await buildTestApp(
      dialect,
      {
        PUBLIC_URL: base,
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: 'argus',
        OIDC_CLIENT_SECRET: 'argus-client-secret-for-tests-only',
        OIDC_PROVIDER_NAME: 'keycloak',
        OIDC_LINK_BY_EMAIL: String(linkByEmail),
        OAUTH_REDIRECT_ALLOW_LIST: 'http://app.example.test/',
      },
      clock,
    );
    const user = await createUser(t.services, { role: 'Field_Unit' });
    email = user.email;
    provider = await startProvider(providerPort, `${base}${TOKEN_API_PREFIX}/callback`, {
      // oidc-provider uses the account id as the subject.
      alice: { sub: 'alice', email: user.email, email_verified: true },
      eve: { sub: 'eve', email: user.email, email_verified: false },
    });
    await t.app.listen({ port: argusPort, host: '127.0.0.1' });
  }

  const client = () =>
    new GoTrueClient({
      url: `${base}${TOKEN_API_PREFIX}`,
      flowType: 'pkce',
      persistSession: false,
      autoRefreshToken: false,
      storageKey: `oauth-${Math.random()}`,
    });

  async function signInAs(auth: GoTrueClient, login: string): Promise<URL> {
    const { data, error } = await auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo: APP_RETURN, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    expect(data.url).toContain('code_challenge_method=s256');
    return browse(data.url!, login);
  }

  afterEach(async () => {
    await provider?.close();
    await t?.close();
  });

  describe('with linking by verified email allowed', () => {
    beforeEach(() => start(true));

    it('signs the linked user in, shows the identity, and can unlink it', async () => {
      const auth = client();
      const landed = await signInAs(auth, 'alice');
      const code = landed.searchParams.get('code');
      expect(code).toBeTruthy();
      const { data, error } = await auth.exchangeCodeForSession(code!);
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, role: 'Field_Unit' });
      const claims = await auth.getClaims();
      expect(claims.data?.claims.amr).toEqual([expect.objectContaining({ method: 'oauth' })]);

      const identities = await auth.getUserIdentities();
      expect(identities.data?.identities).toEqual([expect.objectContaining({ provider: 'keycloak', id: 'alice' })]);
      // Signing in again uses the identity now linked.
      const again = client();
      const second = await signInAs(again, 'alice');
      expect((await again.exchangeCodeForSession(second.searchParams.get('code')!)).error).toBeNull();

      const unlinked = await auth.unlinkIdentity(identities.data!.identities[0]!);
      expect(unlinked.error).toBeNull();
      expect((await auth.getUserIdentities()).data?.identities).toEqual([]);
    });

    it('trades a code once, only with its verifier, and only within five minutes', async () => {
      const auth = client();
      const code = (await signInAs(auth, 'alice')).searchParams.get('code')!;
      const trade = (verifier: string) =>
        fetch(`${base}${TOKEN_API_PREFIX}/token?grant_type=pkce`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
        });
      const wrong = await trade('x'.repeat(43));
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
      expect((await auth.exchangeCodeForSession(code)).error).toBeNull();
      const replay = await trade('x'.repeat(43));
      expect(await replay.json()).toMatchObject({ code: 'flow_state_not_found' });

      const late = client();
      const lateCode = (await signInAs(late, 'alice')).searchParams.get('code')!;
      clock.advance(5 * 60_000 + 1);
      const expired = await late.exchangeCodeForSession(lateCode);
      expect(expired.error).toMatchObject({ code: 'flow_state_not_found' });
    });

    it('offers the provider to the web app and trades its code for a cookie session', async () => {
      const providers = await (await fetch(`${base}/auth/oauth/providers`)).json();
      expect(providers).toEqual({ providers: [{ name: 'keycloak' }] });
      // As the web app does it: its own verifier, straight to /authorize.
      const verifier = 'web-app-verifier-'.padEnd(43, 'x');
      const query = new URLSearchParams({
        provider: 'keycloak',
        redirect_to: APP_RETURN,
        code_challenge: pkceS256(verifier),
        code_challenge_method: 's256',
      });
      const code = (await browse(`${base}${TOKEN_API_PREFIX}/authorize?${query}`, 'alice')).searchParams.get('code')!;
      const response = await fetch(`${base}/auth/oauth/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { user: { email: string } }).user.email).toBe(email);
      expect(response.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual(['argus_session', 'argus_csrf']);
    });

    it('does not link an unverified email', async () => {
      const landed = await signInAs(client(), 'eve');
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('code')).toBeNull();
    });

    it('refuses a redirect_to outside the allow-list, a plain challenge and an unknown provider', async () => {
      const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
      const authorize = (query: Record<string, string>) =>
        fetch(`${base}${TOKEN_API_PREFIX}/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
      const good = { provider: 'keycloak', redirect_to: APP_RETURN, code_challenge: challenge, code_challenge_method: 's256' };
      expect((await authorize(good)).status).toBe(302);
      const elsewhere = await authorize({ ...good, redirect_to: 'https://evil.example/steal' });
      expect(elsewhere.status).toBe(400);
      expect(((await elsewhere.json()) as { message: string }).message).toContain('redirect_to');
      expect(
        (await authorize({ ...good, code_challenge: 'plain-text-verifier-of-sufficient-length-000', code_challenge_method: 'plain' }))
          .status,
      ).toBe(400);
      expect(await (await authorize({ ...good, provider: 'github' })).json()).toMatchObject({ code: 'provider_disabled' });
    });
  });

  describe('with linking by email not allowed (the default)', () => {
    beforeEach(() => start(false));

    it('sends the browser back with access_denied and creates no identity', async () => {
      const landed = await signInAs(client(), 'alice');
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('error_description')).toContain('No Argus account is linked');
    });
  });
});
