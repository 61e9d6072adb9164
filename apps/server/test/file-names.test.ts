import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { TEST_DIALECTS } from './databases';
import { pngOfSize } from './evidence-fixtures';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

/** A right-to-left override: "\u202Etxt.exe" is drawn as "exe.txt", hiding an executable behind a harmless name. */
const RLO = '\u202E';
const SPOOFED = `${RLO}txt.exe`;
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C]/u;

/** File names as people see them: never with characters that reorder or hide what the name says. */
describe.each(TEST_DIALECTS)('file names shown from %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let field: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = (await signInNewUser(t, 'Command_Admin')).client;
    field = (await signInNewUser(t, 'Field_Unit')).client;
  });
  afterEach(() => t.close());

  const rawUpload = (client: Client, url: string, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url,
      cookies: { [SESSION_COOKIE]: client.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: client.csrf },
      headers: { [CSRF_HEADER]: client.csrf, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  it('presents an uploaded evidence item with a bidi override by its real name everywhere, and keeps the name as given in its custody chain', async () => {
    const uploaded = await rawUpload(field, `/evidence?filename=${encodeURIComponent(SPOOFED)}`, pngOfSize(2000));
    expect(uploaded.statusCode).toBe(201);
    const { id, filename } = uploaded.json().item;
    expect(filename).toBe('txt.exe');

    expect((await command.request('GET', `/evidence/${id}`)).json().item.filename).toBe('txt.exe');
    expect((await command.request('GET', '/evidence')).json().items.map((item: { filename: string }) => item.filename)).toEqual([
      'txt.exe',
    ]);
    const content = await command.request('GET', `/evidence/${id}/content?download=1`);
    expect(content.headers['content-disposition']).toBe(`attachment; filename="txt.exe"; filename*=UTF-8''txt.exe`);

    const exported = await command.request('POST', '/evidence/export', { itemIds: [id] });
    const files = unzipSync(exported.rawPayload);
    const html = strFromU8(files['manifest.html']!);
    expect(html).toContain('<h2>txt.exe</h2>');
    expect(html).not.toMatch(INVISIBLE);
    expect(JSON.parse(strFromU8(files['manifest.json']!)).items[0].filename).toBe('txt.exe');

    // The chain of custody records the name exactly as it arrived, and still verifies.
    const custody = (await command.request('GET', `/evidence/${id}/custody`)).json().entries;
    expect(custody[0]).toMatchObject({ action: 'ingested', detail: { facts: { filename: SPOOFED } } });
    expect((await command.request('GET', `/evidence/${id}/verify`)).json().verification.verified).toBe(true);
  });

  it('names imported zones and the import itself by the file’s real name', async () => {
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.8],
          [2.4, 48.8],
          [2.4, 48.9],
          [2.3, 48.9],
          [2.3, 48.8],
        ],
      ],
    };
    const geojson = Buffer.from(
      JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: square }] }),
    );
    const preview = await rawUpload(command, `/zones/import/preview?filename=${encodeURIComponent(`zones${RLO}nosj.geojson`)}`, geojson);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().filename).toBe('zonesnosj.geojson');

    const outcome = (await command.request('POST', '/zones/import', { previewId: preview.json().previewId })).json();
    expect(outcome.import.filename).toBe('zonesnosj.geojson');
    expect(outcome.zones.map((zone: { name: string }) => zone.name)).toEqual(['zonesnosj.geojson #1']);
    expect((await command.request('GET', '/zones/imports')).json().imports[0].filename).toBe('zonesnosj.geojson');
  });
});
