import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG, buildMbtiles } from './basemap-fixtures';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, sendOver, signInNewUser, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('administering basemaps on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    admin = (await signInNewUser(t, 'Command_Admin')).client;
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
  });
  afterEach(() => t.close());

  const list = async (client = analyst) => (await client.request('GET', '/basemaps')).json().basemaps as Array<Record<string, unknown>>;
  const auditOf = async (action: string) =>
    (await admin.request('GET', `/audit?action=${action}`)).json().events as Array<{ target: string; detail: Record<string, unknown> }>;

  it('adds online sources as given, and refuses what is not one', async () => {
    const xyz = await admin.request('POST', '/basemaps', {
      name: 'OSM',
      format: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileType: 'raster',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
    expect(xyz.statusCode).toBe(201);
    expect(xyz.json().basemap).toMatchObject({
      kind: 'online',
      format: 'xyz',
      tileType: 'raster',
      tileFormat: null,
      minZoom: 0,
      maxZoom: 19,
      sizeBytes: null,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      sourceUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    const style = await admin.request('POST', '/basemaps', {
      name: 'Style',
      format: 'style',
      url: 'https://maps.example.org/style.json',
      tileType: 'vector',
    });
    expect(style.json().basemap).toMatchObject({
      format: 'style',
      tileUrl: null,
      sourceUrl: 'https://maps.example.org/style.json',
      order: 1,
    });
    const onlineTile = await analyst.request('GET', `/basemaps/${style.json().basemap.id}/tiles/0/0/0`);
    expect(onlineTile.statusCode).toBe(404);

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: 'FTP', format: 'tilejson', url: 'ftp://example.org/tiles.json', tileType: 'raster' }, 'http:// or https://'],
      [{ name: 'Script', format: 'tilejson', url: 'javascript:alert(1)', tileType: 'raster' }, 'http:// or https://'],
      [{ name: 'No z', format: 'xyz', url: 'https://example.org/{x}/{y}.png', tileType: 'raster' }, '{z}, {x} and {y}'],
      [{ name: 'WMS', format: 'wms', url: 'https://example.org/wms', tileType: 'raster' }, 'format must be one of xyz, tilejson, style'],
      [{ name: 'x'.repeat(81), format: 'style', url: 'https://example.org/s.json', tileType: 'vector' }, 'too long'],
      [{ format: 'style', url: 'https://example.org/s.json', tileType: 'vector' }, 'Give the basemap a name.'],
      [{ name: 'Zoom', format: 'style', url: 'https://example.org/s.json', tileType: 'vector', minZoom: 9, maxZoom: 3 }, 'minZoom'],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.request('POST', '/basemaps', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await list()).toHaveLength(2);
  });

  it('admits the online sources’ origins in the pages’ CSP, and drops a removed one', async () => {
    const policy = async () =>
      (await t.app.inject({ method: 'GET', url: '/command', headers: { accept: 'text/html' } })).headers[
        'content-security-policy'
      ] as string;
    expect(await policy()).toContain("connect-src 'self';");
    const source = (url: string) => ({ name: 'Source', format: 'style', url, tileType: 'vector' });
    await admin.request('POST', '/basemaps', { ...source('https://{s}.tile.example.org/{z}/{x}/{y}.png'), format: 'xyz' });
    const style = (await admin.request('POST', '/basemaps', source('https://Maps.example.org:8443/styles/street.json'))).json().basemap;
    // Hosts a CSP cannot name safely are left out rather than written into the policy.
    await admin.request('POST', '/basemaps', source('https://evil.example.org;script-src/style.json'));
    await admin.request('POST', '/basemaps', source('https://a.{s}.example.org/style.json'));
    const csp = await policy();
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example.org https://maps.example.org:8443;");
    expect(csp).toContain("connect-src 'self' https://*.tile.example.org https://maps.example.org:8443;");
    expect(csp).toContain("script-src 'self';");
    expect((await admin.request('DELETE', `/basemaps/${style.id}`)).statusCode).toBe(204);
    expect(await policy()).toContain("connect-src 'self' https://*.tile.example.org;");
  });

  it('renames, reorders and sets the default, keeping one default at most', async () => {
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(
        (await admin.request('POST', '/basemaps', { name, format: 'style', url: 'https://example.org/s.json', tileType: 'vector' })).json()
          .basemap.id,
      );
    }
    const [one, two, three] = ids as [string, string, string];
    expect((await admin.request('PATCH', `/basemaps/${two}`, { name: 'Second' })).json().basemap).toMatchObject({
      name: 'Second',
      order: 1,
    });
    // A file whose metadata credits nobody gets the credit its licence asks for.
    const credited = await admin.request('PATCH', `/basemaps/${two}`, { attribution: '© OpenStreetMap contributors' });
    expect(credited.json().basemap.attribution).toBe('© OpenStreetMap contributors');
    expect((await admin.request('PATCH', `/basemaps/${two}`, { attribution: 'x'.repeat(501) })).json().error.message).toContain(
      'The attribution is too long',
    );
    expect((await admin.request('PATCH', `/basemaps/${three}`, { order: 0 })).statusCode).toBe(200);
    expect((await list()).map((basemap) => [basemap.id, basemap.order])).toEqual([
      [three, 0],
      [one, 1],
      [two, 2],
    ]);
    expect((await admin.request('PATCH', `/basemaps/${three}`, { order: 99 })).json().basemap.order).toBe(2);

    await admin.request('PATCH', `/basemaps/${one}`, { isDefault: true });
    await admin.request('PATCH', `/basemaps/${two}`, { isDefault: true });
    expect((await list()).filter((basemap) => basemap.isDefault).map((basemap) => basemap.id)).toEqual([two]);
    await admin.request('PATCH', `/basemaps/${one}`, { isDefault: false });
    expect((await list()).filter((basemap) => basemap.isDefault).map((basemap) => basemap.id)).toEqual([two]);
    await admin.request('PATCH', `/basemaps/${two}`, { isDefault: false });
    expect((await list()).some((basemap) => basemap.isDefault)).toBe(false);

    expect((await admin.request('PATCH', `/basemaps/${one}`, {})).statusCode).toBe(400);
    expect((await admin.request('PATCH', `/basemaps/${one}`, { name: '' })).statusCode).toBe(400);
    expect((await admin.request('PATCH', '/basemaps/no-such-basemap', { name: 'X' })).statusCode).toBe(404);
    expect((await auditOf('basemap.update')).map((event) => event.target)).toContain(three);
  });

  it('keeps exactly one default when administrators set different defaults at the same moment', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const body = { name: `Map ${index}`, format: 'style', url: 'https://example.org/s.json', tileType: 'vector' };
      ids.push((await admin.request('POST', '/basemaps', body)).json().basemap.id);
    }
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(ids.map((id) => sendOver(origin, admin, 'PATCH', `/basemaps/${id}`, { isDefault: true })));
      expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
      expect((await list()).filter((basemap) => basemap.isDefault)).toHaveLength(1);
    }
  });
});

describe('the basemap API in /openapi.json', () => {
  it('documents every route, the online source body and the basemap shape', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths['/basemaps']).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths['/basemaps/{id}']).sort()).toEqual(['delete', 'patch']);
      expect(doc.paths['/basemaps/{id}/tiles/{z}/{x}/{y}'].get.summary).toContain('204 where the archive has no tile');
      const post = doc.paths['/basemaps'].post;
      expect(post.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['filename', 'name']);
      expect(JSON.stringify(post.requestBody.content['application/json'].schema)).toContain('"tilejson"');
      expect(JSON.stringify(post.responses['201'])).toContain('"vectorSchema"');
    } finally {
      await t.close();
    }
  });
});

describe('basemap tiles and the request budget', () => {
  it('does not count tiles against a session’s budget, while its API calls still count', async () => {
    const t = await buildTestApp('sqlite', { RATE_LIMIT_SESSION_MAX: '10' });
    try {
      const admin = (await signInNewUser(t, 'Command_Admin')).client;
      const bytes = buildMbtiles({ format: 'png', minzoom: '0', maxzoom: '0' }, [{ z: 0, x: 0, y: 0, data: PNG }]);
      const created = await admin.request('POST', '/basemaps?name=Imagery&filename=imagery.mbtiles', bytes, {
        'content-type': 'application/octet-stream',
      });
      const id = created.json().basemap.id;
      const tiles = await Promise.all(Array.from({ length: 30 }, () => admin.request('GET', `/basemaps/${id}/tiles/0/0/0`)));
      expect(tiles.map((tile) => tile.statusCode)).toEqual(tiles.map(() => 200));
      const calls: number[] = [];
      for (let index = 0; index < 10; index += 1) calls.push((await admin.request('GET', '/basemaps')).statusCode);
      expect(calls.filter((status) => status === 200).length).toBe(9);
      expect(calls.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
