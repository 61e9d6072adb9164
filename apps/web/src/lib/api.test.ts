import { afterEach, describe, expect, it, vi } from 'vitest';
import { HealthResponse } from '@argus/contracts/http/platform';
import { api, needsCsrf, timeoutFor } from './api';

describe('needsCsrf', () => {
  it('protects every mutating call except sign-in and analytics', () => {
    expect(needsCsrf('POST', '/auth/logout')).toBe(true);
    expect(needsCsrf('PATCH', '/users/1')).toBe(true);
    expect(needsCsrf('DELETE', '/users/1')).toBe(true);
    expect(needsCsrf('POST', '/auth/login')).toBe(false);
    expect(needsCsrf('POST', '/analytics/pageview')).toBe(false);
    expect(needsCsrf('GET', '/auth/me')).toBe(false);
  });
});

describe('timeoutFor', () => {
  it('gives streaming and uploads longer', () => {
    expect(timeoutFor('default')).toBe(30_000);
    expect(timeoutFor('streaming')).toBe(60_000);
    expect(timeoutFor('upload')).toBe(120_000);
  });
});

describe('answerStatuses', () => {
  afterEach(() => vi.unstubAllGlobals());
  const degraded = { status: 'degraded', version: '2.0.0', uptimeSeconds: 5, database: 'down', time: 1 };
  const answering = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
    );

  it("reads a 503 readiness answer as the server's health", async () => {
    answering(503, degraded);
    await expect(api.get('/health', HealthResponse, { answerStatuses: [503] })).resolves.toEqual(degraded);
  });

  it('still fails on a 503 without that health, and on any 503 not listed', async () => {
    answering(503, { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 });
    await expect(api.get('/health', HealthResponse, { answerStatuses: [503] })).rejects.toMatchObject({ status: 503 });
    answering(503, degraded);
    await expect(api.get('/health', HealthResponse)).rejects.toMatchObject({ status: 503 });
  });
});
