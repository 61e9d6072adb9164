import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS_GLOBAL } from '@argus/contracts/http/first-reads';
import { api } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the field site's inline script leaves behind: answers by path, null for one that could not be sent. */
function pageAsked(reads: Record<string, Promise<Response | null>>): void {
  vi.stubGlobal(FIRST_READS_GLOBAL, reads);
}

/** The network as the app's own requests see it, answering `body` and counting the calls. */
function network(body: unknown) {
  const fetch = vi.fn(() => Promise.resolve(json(200, body)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the early reads the field page started', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands a successful early answer to the first caller only', async () => {
    pageAsked({ '/units': Promise.resolve(json(200, { units: ['early'] })) });
    const fetch = network({ units: ['asked again'] });
    await expect(api.get('/units')).resolves.toEqual({ units: ['early'] });
    expect(fetch).not.toHaveBeenCalled();
    await expect(api.get('/units')).resolves.toEqual({ units: ['asked again'] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks the server itself when the early read was refused or could not be sent', async () => {
    pageAsked({
      '/units': Promise.resolve(json(401, { error: { code: 'unauthenticated', message: 'Sign in.' } })),
      '/dispatches?active=true': Promise.resolve(null),
    });
    const fetch = network({ fresh: true });
    await expect(api.get('/units')).resolves.toEqual({ fresh: true });
    await expect(api.get('/dispatches?active=true')).resolves.toEqual({ fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands nothing over once the session may have changed', async () => {
    pageAsked({ '/units': Promise.resolve(json(200, { units: ['before signing in'] })) });
    const fetch = network({ units: ['after'] });
    await api.post('/auth/login', { email: 'crew@argus.test', password: 'x' });
    await expect(api.get('/units')).resolves.toEqual({ units: ['after'] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up waiting for an early answer when the caller cancels', async () => {
    pageAsked({ '/units': new Promise<Response | null>(() => {}) });
    network({});
    const controller = new AbortController();
    const asked = api.get('/units', undefined, { signal: controller.signal });
    controller.abort(new DOMException('The caller left.', 'AbortError'));
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });
});
