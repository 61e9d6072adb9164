import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type TestApp } from './support';

describe.each(TEST_DIALECTS)('platform endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { RATE_LIMIT_PUBLIC_MAX: '5', RATE_LIMIT_SESSION_MAX: '8' });
  });
  afterEach(() => t.close());

  it('reports health with the version and database state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok', version: '2.0.0', database: 'up' });
  });

  it.each([
    ['localhost:8080', 'main'],
    ['civic.localhost', 'civic'],
    ['field.localhost', 'field'],
    ['api.localhost', 'api'],
    ['stream.localhost', 'stream'],
    ['reporter.localhost', 'civic'],
    ['unit.localhost', 'field'],
    ['preview.localhost', 'preview'],
    ['elsewhere.example', 'unknown'],
  ])('says which site %s is (%s)', async (host, site) => {
    const response = await t.app.inject({ method: 'GET', url: '/status', headers: { host } });
    expect(response.json()).toMatchObject({ site, version: '2.0.0', name: 'Argus', database: { dialect, reachable: true } });
  });

  it('judges the alert thresholds over the recent window', async () => {
    await t.app.ready();
    const first = (await t.app.inject({ method: 'GET', url: '/status' })).json();
    expect(first.window.errorRate).toEqual({ value: null, threshold: 0.05, breached: false });
    const body = (await t.app.inject({ method: 'GET', url: '/status' })).json();
    expect(body.window.errorRate).toEqual({ value: 0, threshold: 0.05, breached: false });
    expect(body.window.responseTimeP95Ms.threshold).toBe(2000);
    expect(body.window.uptime).toEqual({ value: 1, threshold: 0.99, breached: false });
    expect(body.breached).toEqual([]);
    for (let i = 0; i < 19; i += 1) t.services.metrics.record(t.clock.now(), 2500, 200);
    t.services.metrics.record(t.clock.now(), 10, 500);
    const slow = (await t.app.inject({ method: 'GET', url: '/status' })).json();
    expect(slow.breached).toEqual(['responseTime']);
    t.services.metrics.record(t.clock.now(), 10, 503);
    t.services.metrics.recordHealth(t.clock.now(), false);
    const failing = (await t.app.inject({ method: 'GET', url: '/status' })).json();
    expect(failing.breached).toEqual(['errorRate', 'responseTime', 'uptime']);
  });

  it('sends the page security headers, with camera only where video is published', async () => {
    // Without a built web app a page path answers a JSON 404; it still carries what a page would.
    const main = await t.app.inject({ method: 'GET', url: '/command', headers: { host: 'localhost', accept: 'text/html' } });
    expect(main.headers['content-security-policy']).toContain("script-src 'self';");
    expect(main.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(main.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(main.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(main.headers['x-frame-options']).toBe('DENY');
    expect(main.headers['permissions-policy']).toContain('camera=(self)');
    expect(main.headers['permissions-policy']).toContain('geolocation=(self)');
    const civic = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'civic.localhost', accept: 'text/html' } });
    expect(civic.headers['permissions-policy']).toContain('camera=()');
    expect(civic.headers['permissions-policy']).toContain('microphone=()');
  });

  it('sends API answers the headers a JSON answer needs, and no page policies', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost' } });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['permissions-policy']).toBeUndefined();
    expect(answer.headers['referrer-policy']).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/no-such-thing', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('limits public calls per address and gives signed-in sessions their own budget', async () => {
    const user = await createUser(t.services, { role: 'Command_Admin' });
    const client = await signIn(t.app, user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/status', remoteAddress: '10.2.0.1' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/status', remoteAddress: '10.2.0.1' });
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.headers).toMatchObject({ 'retry-after': '900', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    expect((await t.app.inject({ method: 'GET', url: '/status', remoteAddress: '10.2.0.2' })).statusCode).toBe(200);
    const signedIn: number[] = [];
    for (let i = 0; i < 9; i += 1) signedIn.push((await client.request('GET', '/auth/me')).statusCode);
    expect(signedIn.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(signedIn[8]).toBe(429);
    // The window closes on the server's clock, and the address may call again.
    t.clock.advance(15 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: '/status', remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('publishes an OpenAPI document of the API routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.info).toMatchObject({ title: 'Argus API', version: '2.0.0' });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/me', '/health', '/status', '/analytics/pageview']),
    );
    expect(doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
  });
});
