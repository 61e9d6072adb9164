import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, type TestApp } from './support';

/** What nginx's `$proxy_add_x_forwarded_for` sends when the client already wrote its own header. */
const forwardedBy = (claimed: string, seenByProxy: string) => ({ 'x-forwarded-for': `${claimed}, ${seenByProxy}` });

describe('TRUST_PROXY', () => {
  it('takes the proxies to trust as addresses, CIDR ranges or proxy-addr’s named ranges, and is off by default', () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses "true", which would let any client name its own address, and hop counts, explaining what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" trusted every hop.*list the addresses of your proxies, e\.g\. TRUST_PROXY=127\.0\.0\.1/s,
    );
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot tell a proxy from a client/);
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.internal' })).toThrow('TRUST_PROXY: "proxy.internal" is not an IP address');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY: "10.0.0.0/33" is not an IP address');
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/TRUST_PROXY: "0.0.0.0\/0" trusts every address/);
  });
});

describe.each(TEST_DIALECTS)('client addresses behind a proxy on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  async function listening(env: Record<string, string>) {
    t = await buildTestApp(dialect, { LOGIN_ADDRESS_MAX_FAILURES: '3', ...env });
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const login = (email: string, headers: Record<string, string>) =>
      fetch(`${baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      });
    return { baseUrl, login, audit: t.services.audit };
  }

  it('behind a trusted proxy, attributes a request to the address the proxy saw, whatever the client wrote before it', async () => {
    const { login, audit } = await listening({ TRUST_PROXY: '127.0.0.1' });
    // Each guess forges another left-most entry; the proxy's own entry names the real client.
    expect((await login('a@argus.test', forwardedBy('6.6.6.1', '203.0.113.9'))).status).toBe(401);
    expect((await login('b@argus.test', forwardedBy('6.6.6.2', '203.0.113.9'))).status).toBe(401);
    expect((await login('c@argus.test', forwardedBy('6.6.6.3', '203.0.113.9'))).status).toBe(429);
    expect((await login('d@argus.test', forwardedBy('6.6.6.4', '203.0.113.9'))).status).toBe(429);
    // Another client behind the same proxy is not held back by the first one's guesses.
    expect((await login('e@argus.test', forwardedBy('203.0.113.9', '203.0.113.10'))).status).toBe(401);
    const failures = await audit.latest(10, 'auth.login_failure');
    expect(failures.map((entry) => entry.ip)).toEqual(['203.0.113.10', '203.0.113.9', '203.0.113.9', '203.0.113.9']);
  });

  it('behind a trusted proxy, counts the rate limit per address the proxy saw, under parallel requests', async () => {
    const { baseUrl } = await listening({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PUBLIC_MAX: '5' });
    const status = (claimed: string, seenByProxy: string) => fetch(`${baseUrl}/status`, { headers: forwardedBy(claimed, seenByProxy) });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => status(`6.6.6.${i}`, '203.0.113.9')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await status('203.0.113.9', '203.0.113.10')).status).toBe(200);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For entirely', async () => {
    const { login, audit } = await listening({});
    expect((await login('a@argus.test', forwardedBy('6.6.6.1', '203.0.113.9'))).status).toBe(401);
    expect((await login('b@argus.test', { 'x-forwarded-for': '203.0.113.11' })).status).toBe(401);
    expect((await login('c@argus.test', forwardedBy('6.6.6.3', '203.0.113.12'))).status).toBe(429);
    expect((await audit.latest(10, 'auth.login_failure')).map((entry) => entry.ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('ignores X-Forwarded-For and X-Forwarded-Proto from a peer that is not a listed proxy', async () => {
    const { baseUrl, login, audit } = await listening({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await login('a@argus.test', forwardedBy('6.6.6.1', '203.0.113.9'))).status).toBe(401);
    expect((await audit.latest(1, 'auth.login_failure'))[0]?.ip).toBe('127.0.0.1');
    const answer = await fetch(`${baseUrl}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});
