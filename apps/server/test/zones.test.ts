import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZONE_IMPORT_LIMITS } from '@argus/contracts/zones';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { zippedShapefile } from './fixtures/zones/shapefile';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const require = createRequire(import.meta.url);
const KML = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/zones/checkpoints.kml'));

/** Every country of Natural Earth's 1:110m admin-0 layer (the world-atlas package) as GeoJSON. */
function worldCountries(): Buffer {
  const topology = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as Topology;
  return Buffer.from(JSON.stringify(feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>)));
}

const square = (lon: number, lat: number, size = 0.1) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});
const PARIS = { lat: 48.8566, lon: 2.3522 };

describe.each(TEST_DIALECTS)('zones on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let events: OperationalEvent[];

  const upload = (client: Client, bytes: Uint8Array, filename = 'upload') =>
    t.app.inject({
      method: 'POST',
      url: `/zones/import/preview?filename=${encodeURIComponent(filename)}`,
      cookies: { [SESSION_COOKIE]: client.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: client.csrf },
      headers: { [CSRF_HEADER]: client.csrf, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(bytes),
    });
  const state = async () => ({
    zones: (await command.request('GET', '/zones?active=all')).json().zones.length,
    imports: (await command.request('GET', '/zones/imports')).json().imports.length,
  });

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    events = [];
    t.services.events.listen((event) => events.push(event));
  });
  afterEach(() => t.close());

  it('imports every country of the world and finds Paris in France, not in Germany', async () => {
    const preview = await upload(command, worldCountries(), 'countries-110m.geojson');
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ format: 'geojson', attributes: ['name'] });
    expect(body.features.length).toBeGreaterThan(170);
    const importable = body.features.filter((f: { importable: unknown }) => f.importable).length;
    // topojson-client draws outer rings clockwise: every imported country had its winding fixed.
    expect(
      body.features
        .find((f: { properties: { name: string } }) => f.properties.name === 'France')
        .repairs.map((r: { code: string }) => r.code),
    ).toContain('fixed_winding');

    const committed = await command.request('POST', '/zones/import', {
      previewId: body.previewId,
      nameField: 'name',
      defaultRisk: 'low',
      kind: 'patrol',
    });
    expect(committed.statusCode).toBe(201);
    const outcome = committed.json();
    expect(outcome.import).toMatchObject({
      filename: 'countries-110m.geojson',
      format: 'geojson',
      imported: importable,
      rejected: body.features.length - importable,
      undoneAt: null,
    });
    expect(outcome.import.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(importable).toBeGreaterThan(165);
    expect(events.filter((event) => event.type === 'zone.created')).toHaveLength(importable);

    // Candidates by bounding box, then the exact test through a report filed in Paris.
    const near = (
      await command.request('GET', `/zones?bbox=${PARIS.lat - 0.01},${PARIS.lon - 0.01},${PARIS.lat + 0.01},${PARIS.lon + 0.01}`)
    ).json().zones;
    const names = near.map((zone: { name: string }) => zone.name);
    expect(names).toContain('France');
    expect(names).not.toContain('Brazil');
    const reporter = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    const filed = await reporter.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'unrest',
      description: 'Crowd at the bridge',
      location: PARIS,
    });
    expect(filed.statusCode).toBe(201);
    const zoneNamed = (name: string) => outcome.zones.find((zone: { name: string }) => zone.name === name);
    const france = (await command.request('GET', `/zones/${zoneNamed('France').id}`)).json();
    expect(france.reports.map((report: { id: string }) => report.id)).toEqual([filed.json().report.id]);
    expect((await command.request('GET', `/zones/${zoneNamed('Germany').id}`)).json().reports).toEqual([]);
    // A second commit of the same preview is refused: the import happened once.
    expect((await command.request('POST', '/zones/import', { previewId: body.previewId })).statusCode).toBe(404);
  });

  it('imports a real KML: repairs what is safe, reports the rest, maps risk from an attribute, and can be undone', async () => {
    const preview = (await upload(command, KML, 'checkpoints.kml')).json();
    expect(preview.format).toBe('kml');
    expect(preview.attributes).toEqual(expect.arrayContaining(['name', 'threat', 'source']));
    const summary = preview.features.map(
      (f: { properties: { name: string }; problems: { code: string }[]; repairs: { code: string }[]; importable: unknown }) => ({
        name: f.properties.name,
        problems: f.problems.map((p) => p.code),
        repairs: f.repairs.map((r) => r.code),
        importable: f.importable !== null,
      }),
    );
    expect(summary).toEqual([
      { name: 'Île de la Cité', problems: [], repairs: [], importable: true },
      // togeojson closes the open ring itself; the repeated corner and the clockwise winding are ours to repair.
      { name: 'Champ de Mars', problems: [], repairs: ['dropped_duplicate_points', 'fixed_winding'], importable: true },
      { name: 'Supply route', problems: ['not_polygon'], repairs: [], importable: false },
      { name: 'Bow tie', problems: ['self_intersection'], repairs: [], importable: false },
    ]);
    // Where the bow tie crosses itself, for the preview map to mark it there.
    expect(preview.features[3].problems[0].at).toEqual([2.37, 48.87]);

    const outcome = (
      await command.request('POST', '/zones/import', {
        previewId: preview.previewId,
        nameField: 'name',
        riskField: 'threat',
        riskMap: { moderate: 'elevated' },
        kind: 'restricted',
      })
    ).json();
    expect(outcome.zones.map((zone: { name: string; riskLevel: string; kind: string }) => [zone.name, zone.riskLevel, zone.kind])).toEqual([
      ['Île de la Cité', 'high', 'restricted'],
      ['Champ de Mars', 'elevated', 'restricted'],
    ]);
    expect(outcome.rejected).toEqual([
      { index: 2, name: 'Supply route', reasons: ['This is a line (a track or route), not a polygon.'] },
      { index: 3, name: 'Bow tie', reasons: ['The polygon crosses itself near (2.37000, 48.87000).'] },
    ]);
    expect(outcome.import).toMatchObject({ imported: 2, rejected: 2 });

    events.length = 0;
    const undone = await command.request('POST', `/zones/imports/${outcome.import.id}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().import.undoneAt).toBe(t.clock.now());
    expect((await command.request('GET', '/zones')).json().zones).toEqual([]);
    expect((await command.request('GET', '/zones?active=false')).json().zones).toHaveLength(2);
    expect(events.map((event) => [event.type, (event.data as { active: boolean }).active])).toEqual([
      ['zone.updated', false],
      ['zone.updated', false],
    ]);
    expect((await command.request('POST', `/zones/imports/${outcome.import.id}/undo`)).json().error).toMatchObject({
      code: 'conflict',
      message: 'This import was already undone.',
    });
  });

  it('imports a zipped shapefile in Web Mercator at the place it describes', async () => {
    const zip = zippedShapefile('sectors', [
      {
        ring: square(PARIS.lon - 0.05, PARIS.lat - 0.05).coordinates[0] as [number, number][],
        attributes: { NAME: 'Sector 1', LEVEL: 'critical' },
      },
    ]);
    const preview = (await upload(command, zip, 'sectors.zip')).json();
    expect(preview).toMatchObject({ format: 'shapefile', attributes: ['NAME', 'LEVEL'] });
    const outcome = (
      await command.request('POST', '/zones/import', { previewId: preview.previewId, nameField: 'NAME', riskField: 'LEVEL' })
    ).json();
    expect(outcome.zones[0]).toMatchObject({ name: 'Sector 1', riskLevel: 'critical' });
    const [west, south, east, north] = outcome.zones[0].bbox;
    expect([west, south, east, north].map((value: number) => Number(value.toFixed(6)))).toEqual([2.3022, 48.8066, 2.4022, 48.9066]);
  });

  it('reads a KMZ like its KML, offers a closed GPX track as a polygon, and imports only the chosen features', async () => {
    const kmz = (await upload(command, zipSync({ 'doc.kml': new Uint8Array(KML) }), 'checkpoints.kmz')).json();
    expect(kmz).toMatchObject({ format: 'kmz', features: [{ properties: { name: 'Île de la Cité' } }, {}, {}, {}] });
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="Argus test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>Perimeter walk</name><trkseg>${[
        [48.85, 2.35],
        [48.85, 2.36],
        [48.86, 2.36],
        [48.86, 2.35],
        [48.85, 2.35],
      ]
        .map(([lat, lon]) => `<trkpt lat="${lat}" lon="${lon}"/>`)
        .join('')}</trkseg></trk>
      <rte><name>Convoy route</name><rtept lat="48.85" lon="2.35"/><rtept lat="48.87" lon="2.37"/></rte>
    </gpx>`;
    const preview = (await upload(command, Buffer.from(gpx), 'walk.gpx')).json();
    expect(
      preview.features.map((f: { properties: { name: string }; problems: { code: string }[]; repairs: { code: string }[] }) => [
        f.properties.name,
        f.problems.map((p) => p.code),
        f.repairs.map((r) => r.code),
      ]),
    ).toEqual([
      ['Perimeter walk', [], ['closed_track_to_polygon']],
      ['Convoy route', ['not_polygon'], []],
    ]);
    const outcome = (await command.request('POST', '/zones/import', { previewId: kmz.previewId, nameField: 'name', include: [1] })).json();
    expect(outcome.zones.map((zone: { name: string }) => zone.name)).toEqual(['Champ de Mars']);
    expect(outcome.import).toMatchObject({ format: 'kmz', imported: 1, rejected: 2 });
  });

  it('imports a preview once when two commits race, only for the user who made it, and not after it expires', async () => {
    const preview = (await upload(command, KML, 'checkpoints.kml')).json();
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    expect((await other.request('POST', '/zones/import', { previewId: preview.previewId })).statusCode).toBe(404);
    const commits = await Promise.all([1, 2].map(() => command.request('POST', '/zones/import', { previewId: preview.previewId })));
    expect(commits.map((answer) => answer.statusCode).sort()).toEqual([201, 404]);
    expect(commits.find((answer) => answer.statusCode === 404)!.json().error.message).toBe(
      'This preview has expired or was already imported. Upload the file again.',
    );
    expect((await state()).imports).toBe(1);

    const email = (await createUser(t.services, { role: 'Command_Admin' })).email;
    const late = (await upload(await signIn(t.app, email), KML, 'checkpoints.kml')).json();
    t.clock.advance(ZONE_IMPORT_LIMITS.previewTtlMs);
    // Signed in again: the first session has ended, idle, long before the preview expired.
    expect((await (await signIn(t.app, email)).request('POST', '/zones/import', { previewId: late.previewId })).statusCode).toBe(404);
  });

  it('keeps each person’s previews apart: another’s many uploads do not expire mine, my own sixth drops my first', async () => {
    // A second between uploads, so "oldest" is one upload, not a tie among uploads of one instant.
    const uploadLater = async (client: Client, name: string) => {
      t.clock.advance(1_000);
      return upload(client, KML, name);
    };
    const mine = (await uploadLater(command, 'checkpoints.kml')).json();
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    for (let i = 0; i < 6; i += 1) expect((await uploadLater(other, `other-${i}.kml`)).statusCode).toBe(200);
    const ownMore = [];
    for (let i = 0; i < 4; i += 1) ownMore.push((await uploadLater(command, `mine-${i}.kml`)).json());
    expect((await command.request('POST', '/zones/import', { previewId: mine.previewId })).statusCode).toBe(201);
    for (let i = 0; i < 5; i += 1) ownMore.push((await uploadLater(command, `again-${i}.kml`)).json());
    expect((await command.request('POST', '/zones/import', { previewId: ownMore[0].previewId })).statusCode).toBe(404);
    expect((await command.request('POST', '/zones/import', { previewId: ownMore.at(-1).previewId })).statusCode).toBe(201);
  });

  it('answers malformed and hostile files with clear errors and imports nothing', async () => {
    const DEEP = 'The file nests lists or objects more than 64 levels deep; no map data needs that many, so it was not read.';
    const bomb = zipSync({ 'bomb.shp': new Uint8Array(80 * 1024 * 1024), 'bomb.dbf': new Uint8Array(10) }, { level: 9 });
    const whole = zippedShapefile('cut', [{ ring: square(2, 48).coordinates[0] as [number, number][], attributes: { NAME: 'x' } }]);
    const cases: [Uint8Array, number, string][] = [
      [bomb, 413, 'The zip unpacks to more than 64 MB, more than a zone import may hold.'],
      [new Uint8Array(11 * 1024 * 1024).fill(0x7b), 413, 'The file is larger than 10 MB, the most a zone import may be.'],
      [whole.subarray(0, whole.length - 40), 400, 'The zip file is damaged or truncated and cannot be opened.'],
      [Buffer.from('<kml><Document><Placemark></Document>'), 400, 'The file is not well-formed XML, so it cannot be read as KML.'],
      [Buffer.from('%PDF-1.7 not a map'), 415, 'The file is not GeoJSON, KML, KMZ, GPX or a zipped shapefile.'],
      [Buffer.from(`{"type":"Feature","properties":{},"geometry":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 400, DEEP],
      [
        Buffer.from(
          `{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
        ),
        400,
        DEEP,
      ],
      [
        Buffer.from(
          `{"type":"Feature","properties":{},"geometry":${'{"type":"GeometryCollection","geometries":['.repeat(20_000)}${']}'.repeat(20_000)}}`,
        ),
        400,
        DEEP,
      ],
      [
        Buffer.from(
          `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{"a":${'{"b":'.repeat(100_000)}1${'}'.repeat(100_000)}}}]}`,
        ),
        400,
        DEEP,
      ],
    ];
    for (const [bytes, status, message] of cases) {
      const response = await upload(command, bytes);
      expect(response.statusCode, message).toBe(status);
      if (message) expect(response.json().error.message).toBe(message);
    }
    // Huge coordinates parse, but nothing in them can become a zone.
    const huge = (
      await upload(
        command,
        Buffer.from(
          JSON.stringify({
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1e300, 0],
                  [1, 1e300],
                  [0, 0],
                ],
              ],
            },
          }),
        ),
      )
    ).json();
    expect(huge.features[0].problems.map((p: { code: string }) => p.code)).toEqual(['out_of_range']);
    const refused = await command.request('POST', '/zones/import', { previewId: huge.previewId });
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'None of the chosen features can be imported as a zone; nothing was imported.',
    });
    expect(await state()).toEqual({ zones: 0, imports: 0 });
    expect((await command.request('POST', '/zones/import', { previewId: 'never-made' })).statusCode).toBe(404);
  });

  it('checks every drawn geometry, edits and deactivates, and filters the list', async () => {
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    const bad = await command.request('POST', '/zones', { name: 'Bad', kind: 'patrol', riskLevel: 'low', geometry: bowTie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("The zone's shape is not valid: The polygon crosses itself near (0.50000, 0.50000).");
    const open = await command.request('POST', '/zones', {
      name: 'Open',
      kind: 'patrol',
      riskLevel: 'low',
      geometry: { type: 'Polygon', coordinates: [square(0, 0).coordinates[0]!.slice(0, 4)] },
    });
    expect(open.json().error.message).toBe("The zone's shape is not valid: The polygon's outer ring does not end where it starts.");
    expect(
      (
        await command.request('POST', '/zones', {
          name: 'Line',
          kind: 'patrol',
          riskLevel: 'low',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        })
      ).statusCode,
    ).toBe(400);

    const created = await command.request('POST', '/zones', {
      name: 'Market',
      kind: 'ungoverned',
      riskLevel: 'high',
      geometry: square(PARIS.lon - 0.05, PARIS.lat - 0.05),
      notes: 'Checkpoint at the north gate',
    });
    expect(created.statusCode).toBe(201);
    const zone = created.json().zone;
    expect(zone).toMatchObject({
      name: 'Market',
      kind: 'ungoverned',
      riskLevel: 'high',
      active: true,
      importId: null,
      notes: 'Checkpoint at the north gate',
    });
    expect(events.at(-1)).toMatchObject({ type: 'zone.created', channels: ['zones'], data: { id: zone.id } });
    await command.request('POST', '/zones', { name: 'Harbour', kind: 'safe', riskLevel: 'low', geometry: square(10, 10) });

    const list = async (query: string) =>
      (await command.request('GET', `/zones?${query}`)).json().zones.map((z: { name: string }) => z.name);
    expect(await list('')).toEqual(['Harbour', 'Market']);
    expect(await list('risk=high,critical')).toEqual(['Market']);
    expect(await list('kind=safe')).toEqual(['Harbour']);
    expect(await list('bbox=9,9,11,11')).toEqual(['Harbour']);
    expect((await command.request('GET', '/zones?risk=extreme')).statusCode).toBe(400);

    const moved = await command.request('PATCH', `/zones/${zone.id}`, { name: 'Old market', geometry: square(2, 48) });
    expect(moved.json().zone).toMatchObject({ name: 'Old market', bbox: [2, 48, 2.1, 48.1] });
    expect((await command.request('PATCH', `/zones/${zone.id}`, { geometry: bowTie })).statusCode).toBe(400);
    expect((await command.request('PATCH', `/zones/${zone.id}`, { active: false })).json().zone.active).toBe(false);
    expect(await list('')).toEqual(['Harbour']);
    expect(await list('active=all')).toEqual(['Harbour', 'Old market']);
    expect(events.at(-1)).toMatchObject({ type: 'zone.updated', data: { id: zone.id, active: false } });
    expect((await command.request('PATCH', '/zones/nope', { name: 'x' })).statusCode).toBe(404);
  });

  it('lists what lies inside a zone and the rules that watch it', async () => {
    const zone = (
      await command.request('POST', '/zones', {
        name: 'Old town',
        kind: 'restricted',
        riskLevel: 'high',
        geometry: square(PARIS.lon - 0.05, PARIS.lat - 0.05),
      })
    ).json().zone;
    const inside = (
      await command.request('POST', '/incidents', { title: 'Fire in the old town', category: 'fire', severity: 'high', location: PARIS })
    ).json().incident;
    await command.request('POST', '/incidents', {
      title: 'Flood far away',
      category: 'flood',
      severity: 'low',
      location: { lat: 10, lon: 10 },
    });
    // Inside the bounding box but outside a triangular zone: the exact test leaves it out.
    const triangle = (
      await command.request('POST', '/zones', {
        name: 'Wedge',
        kind: 'patrol',
        riskLevel: 'low',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2.3, 48.8],
              [2.4, 48.8],
              [2.3, 48.9],
              [2.3, 48.8],
            ],
          ],
        },
      })
    ).json().zone;
    const detail = (await analyst.request('GET', `/zones/${zone.id}`)).json();
    expect(detail.incidents.map((incident: { id: string }) => incident.id)).toEqual([inside.id]);
    expect((await analyst.request('GET', `/zones/${triangle.id}`)).json().incidents).toEqual([]);

    const tables = await t.services.db.kysely.introspection.getTables();
    if (tables.some((table) => table.name === 'rules')) {
      // The default geofence rule fires at high risk and above; the low-risk wedge is not watched by it.
      expect(detail.rules.map((rule: { id: string }) => rule.id)).toContain('zone.geofence');
      expect((await analyst.request('GET', `/zones/${triangle.id}`)).json().rules.map((rule: { id: string }) => rule.id)).not.toContain(
        'zone.geofence',
      );
    } else {
      expect(detail.rules).toEqual([]);
    }
  });

  it('lets analysts change the risk level only, field units see active zones without notes, and civic reporters none', async () => {
    const zone = (
      await command.request('POST', '/zones', {
        name: 'Depot',
        kind: 'restricted',
        riskLevel: 'low',
        geometry: square(5, 5),
        notes: 'Informant says armed guards',
      })
    ).json().zone;
    expect((await analyst.request('PATCH', `/zones/${zone.id}`, { riskLevel: 'critical' })).json().zone.riskLevel).toBe('critical');
    const renamed = await analyst.request('PATCH', `/zones/${zone.id}`, { name: 'Mine now' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().error.message).toBe('Analysts may change a zone’s risk level only.');
    expect(
      (await analyst.request('POST', '/zones', { name: 'x', kind: 'patrol', riskLevel: 'low', geometry: square(0, 0) })).statusCode,
    ).toBe(403);
    expect((await upload(analyst, KML)).statusCode).toBe(403);
    expect((await analyst.request('GET', '/zones/imports')).statusCode).toBe(403);

    const field = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
    expect((await field.request('GET', '/zones?active=all')).json().zones).toEqual([
      expect.objectContaining({ id: zone.id, riskLevel: 'critical', notes: '' }),
    ]);
    expect((await field.request('GET', `/zones/${zone.id}`)).statusCode).toBe(403);
    expect((await field.request('PATCH', `/zones/${zone.id}`, { riskLevel: 'low' })).statusCode).toBe(403);
    const civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    expect((await civic.request('GET', '/zones')).statusCode).toBe(403);
  });
});
