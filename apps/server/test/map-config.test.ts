import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, createUser, signIn, type TestApp } from './support';

describe('the maps’ optional tile source', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('is offered to signed-in pages, and its origin alone is admitted by the CSP', async () => {
    t = await buildTestApp('sqlite', {
      MAP_TILE_URL: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
      MAP_TILE_MAX_ZOOM: '17',
    });
    expect((await t.app.inject({ method: 'GET', url: '/map/config' })).statusCode).toBe(401);
    const reporter = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    const answer = await reporter.request('GET', '/map/config');
    expect(answer.json()).toEqual({
      tiles: { url: 'https://tiles.example.org/osm/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', maxZoom: 17 },
    });
    const page = await t.app.inject({ method: 'GET', url: '/command', headers: { accept: 'text/html' } });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("connect-src 'self' https://tiles.example.org");
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org");
    expect(csp).toContain("script-src 'self';");
  });

  it('is none by default, and the CSP stays same-origin', async () => {
    t = await buildTestApp('sqlite');
    const client = await signIn(t.app, (await createUser(t.services)).email);
    const answer = await client.request('GET', '/map/config');
    expect(answer.json()).toEqual({ tiles: null });
    const page = await t.app.inject({ method: 'GET', url: '/command', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it('refuses a template without its placeholders, or one that is neither a URL nor a path', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow('MAP_TILE_URL: must contain {z}, {x} and {y}');
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow('must be an http(s) URL or a path on this server');
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).mapTiles).toEqual({
      url: '/tiles/{z}/{x}/{y}.png',
      attribution: null,
      maxZoom: 19,
    });
  });
});
