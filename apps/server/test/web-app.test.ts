import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support';

/**
 * The web app is served from a built folder; a minimal one of the same shape stands in for
 * `apps/web/dist` so these tests do not depend on a web build.
 */
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="argus-site" content="unknown" /><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("argus")');
  // What apps/web/scripts/precompress.mjs writes beside an asset.
  const script = 'console.log("argus, compressed at build");'.repeat(50);
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets', 'maplibre-gl-worker-9.mjs'), 'self.onmessage = () => {}');
  // The build's manifest (Vite's build.manifest): the field page's chunk imports the entry's shared
  // chunk (already named by the page) and one of its own.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/field-unit/FieldUnitPage.tsx': { file: 'assets/FieldUnitPage-1.js', imports: ['_shared-2.js', '_own-3.js'] },
      '_shared-2.js': { file: 'assets/app-1234.js' },
      '_own-3.js': { file: 'assets/own-3.js', imports: ['_shared-2.js'] },
    }),
  );
  t = await buildTestApp('sqlite', { WEB_DIST: dist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

describe('web app hosting', () => {
  it.each([
    ['localhost', 'main'],
    ['civic.localhost', 'civic'],
    ['unit.localhost', 'field'],
    ['api.localhost', 'api'],
    ['stream.localhost', 'stream'],
    ['preview.localhost', 'preview'],
    ['somewhere.example', 'unknown'],
  ])('serves the app shell on "/" and deep paths of %s, marked as the %s site', async (host, site) => {
    for (const url of ['/', '/command', '/a/deep/path/', '/index.html']) {
      const response = await page(host, url);
      expect(response.statusCode, `${host}${url}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<meta name="argus-site" content="${site}">`);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('names the field page chunks as modulepreloads on the field site only', async () => {
    const field = await page('unit.localhost', '/fieldunit');
    expect(field.body).toContain('<link rel="modulepreload" crossorigin href="/assets/FieldUnitPage-1.js">');
    expect(field.body).toContain('<link rel="modulepreload" crossorigin href="/assets/own-3.js">');
    // Already fetched by the page's own script tag: not named twice.
    expect(field.body.match(/app-1234\.js/g)).toHaveLength(1);
    const main = await page('localhost', '/command');
    expect(main.body).not.toContain('modulepreload');
  });

  it('starts the field page first reads from its HTML, allowed by the hash of that one script', async () => {
    const field = await page('unit.localhost', '/fieldunit');
    const scripts = [...field.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('"/auth/me","/units","/dispatches?active=true"');
    // Before the stylesheets and the entry: an inline script after a stylesheet waits for it.
    expect(field.body.indexOf('<script>')).toBeLessThan(field.body.indexOf('<script type="module"'));
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    const policy = field.headers['content-security-policy'] as string;
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);

    const main = await page('localhost', '/command');
    expect(main.body).not.toContain('<script>');
    expect(main.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('sends built scripts and stylesheets without the page policies, and workers with them', async () => {
    for (const url of ['/assets/app-1234.js', '/assets/app-1234.css']) {
      const asset = await t.app.inject({ method: 'GET', url, headers: { host: 'unit.localhost' } });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      expect(asset.headers['cache-control'], url).toContain('immutable');
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
      ]) {
        expect(asset.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
    // A worker's CSP is its own script's response: it keeps the page's.
    const worker = await t.app.inject({ method: 'GET', url: '/assets/maplibre-gl-worker-9.mjs', headers: { host: 'unit.localhost' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
    const serviceWorker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(serviceWorker.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const plain = await page('unit.localhost', '/fieldunit');
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/fieldunit',
      headers: { host: 'unit.localhost', accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/fieldunit',
      headers: { host: 'unit.localhost', accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('serves built assets as immutable and the service worker as always revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, marked with Content-Encoding and Vary', async () => {
    const asset = (acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/big-5678.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const script = 'console.log("argus, compressed at build");'.repeat(50);

    const brotli = await asset('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('Accept-Encoding');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers API clients with a JSON 404 instead of the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/thing', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found', message: 'No route for GET /no/such/thing.' } });
  });

  it('does not let a path escape the built folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd', headers: { accept: 'application/json' } });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('root:');
  });
});
