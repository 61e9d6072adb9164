import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PMTILES_COMPRESSION,
  PMTILES_TYPE,
  PNG,
  WEBP,
  buildMbtiles,
  buildPmtiles,
  vectorMbtiles,
  vectorPmtiles,
  vectorTile,
} from './basemap-fixtures';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const layersOf = (tile: Buffer) => Object.keys(new VectorTile(new PbfReader(tile)).layers);

describe.each(TEST_DIALECTS)('basemaps on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let analyst: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { BASEMAP_MAX_BYTES: String(1024 * 1024) });
    admin = (await signInNewUser(t, 'Command_Admin')).client;
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
  });
  afterEach(() => t.close());

  const upload = (bytes: Buffer | Readable, query = 'name=Paris%20streets&filename=paris.mbtiles', client = admin) =>
    client.request('POST', `/basemaps?${query}`, bytes, { 'content-type': 'application/octet-stream' });
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'basemaps');
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  };
  const list = async (client = analyst) => (await client.request('GET', '/basemaps')).json().basemaps as Array<Record<string, unknown>>;
  const auditOf = async (action: string) =>
    (await admin.request('GET', `/audit?action=${action}`)).json().events as Array<{ target: string; detail: Record<string, unknown> }>;

  it('stores a vector MBTiles, describes it from its metadata, and serves its gzipped tiles with the y axis flipped', async () => {
    const street = vectorTile('transportation');
    const water = vectorTile('water');
    const bytes = vectorMbtiles([
      { z: 1, x: 0, y: 0, data: gzipSync(street) },
      { z: 1, x: 0, y: 1, data: gzipSync(water) },
    ]);
    const response = await upload(bytes);
    expect(response.statusCode).toBe(201);
    const basemap = response.json().basemap;
    expect(basemap).toMatchObject({
      name: 'Paris streets',
      kind: 'file',
      format: 'mbtiles',
      tileType: 'vector',
      tileFormat: 'mvt',
      vectorSchema: 'openmaptiles',
      minZoom: 0,
      maxZoom: 14,
      bounds: [2.2, 48.8, 2.5, 48.9],
      attribution: '© OpenStreetMap contributors',
      order: 0,
      isDefault: false,
      sizeBytes: bytes.length,
      filename: 'paris.mbtiles',
      tileUrl: `/basemaps/${basemap.id}/tiles/{z}/{x}/{y}`,
      sourceUrl: null,
    });
    expect(storedFiles()).toEqual([sha256(bytes)]);
    expect(await list()).toEqual([basemap]);

    const top = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/0/0`);
    expect(top.statusCode).toBe(200);
    expect(top.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(top.headers['content-encoding']).toBe('gzip');
    expect(top.headers['cache-control']).toBe('private, max-age=86400');
    expect(layersOf(gunzipSync(top.rawPayload))).toEqual(['transportation']);
    const bottom = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/0/1`);
    expect(layersOf(gunzipSync(bottom.rawPayload))).toEqual(['water']);

    const etag = top.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{20}-1-0-0"$/);
    const again = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/0/0`, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(bottom.headers.etag).not.toBe(etag);

    const missing = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/1/1`);
    expect(missing.statusCode).toBe(204);
    const outside = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/2/0`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe('At zoom 1, x and y are below 2.');

    expect((await auditOf('basemap.create'))[0]).toMatchObject({
      target: basemap.id,
      detail: { name: 'Paris streets', format: 'mbtiles', sha256: sha256(bytes), size: bytes.length },
    });
  });

  it('serves raster MBTiles tiles as PNG without Content-Encoding', async () => {
    const bytes = buildMbtiles({ name: 'Imagery', format: 'png', minzoom: '0', maxzoom: '2' }, [{ z: 0, x: 0, y: 0, data: PNG }]);
    const basemap = (await upload(bytes, 'name=Imagery&filename=imagery.mbtiles')).json().basemap;
    expect(basemap).toMatchObject({ tileType: 'raster', tileFormat: 'png', vectorSchema: null, bounds: null, attribution: '' });
    const tile = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/0/0/0`);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.headers['content-encoding']).toBeUndefined();
    expect(tile.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores a PMTiles v3 archive and serves its tiles as stored, gzipped as its header says', async () => {
    const bytes = vectorPmtiles([
      { z: 0, x: 0, y: 0, data: vectorTile('earth') },
      { z: 2, x: 3, y: 1, data: vectorTile('roads') },
    ]);
    const response = await upload(bytes, 'name=Berlin&filename=berlin.pmtiles');
    expect(response.statusCode).toBe(201);
    const basemap = response.json().basemap;
    expect(basemap).toMatchObject({
      format: 'pmtiles',
      tileType: 'vector',
      tileFormat: 'mvt',
      vectorSchema: 'protomaps',
      minZoom: 0,
      maxZoom: 14,
      bounds: [13.3, 52.4, 13.5, 52.6],
      attribution: 'Protomaps © OpenStreetMap',
    });
    const tile = await analyst.request('GET', `/basemaps/${basemap.id}/tiles/2/3/1`);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-encoding']).toBe('gzip');
    expect(layersOf(gunzipSync(tile.rawPayload))).toEqual(['roads']);
    expect((await analyst.request('GET', `/basemaps/${basemap.id}/tiles/2/1/3`)).statusCode).toBe(204);
    // Beyond the archive's zoom range is simply no tile either.
    expect((await analyst.request('GET', `/basemaps/${basemap.id}/tiles/20/0/0`)).statusCode).toBe(204);

    const raster = buildPmtiles({
      tileType: PMTILES_TYPE.webp,
      tileCompression: PMTILES_COMPRESSION.none,
      tiles: [{ z: 0, x: 0, y: 0, data: WEBP }],
      metadata: {},
      maxZoom: 3,
    });
    const imagery = (await upload(raster, 'name=Imagery&filename=imagery.pmtiles')).json().basemap;
    expect(imagery).toMatchObject({ tileType: 'raster', tileFormat: 'webp', vectorSchema: null, maxZoom: 3, order: 1 });
    const image = await analyst.request('GET', `/basemaps/${imagery.id}/tiles/0/0/0`);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(WEBP)).toBe(true);
  });

  it('refuses files that are not usable archives, keeping no row and no file', async () => {
    const refusals: Array<[Buffer, string, string]> = [
      [PNG, 'name=Photo&filename=photo.mbtiles', 'neither a PMTiles (version 3) nor an MBTiles archive'],
      [Buffer.from('PMTiles\u0002' + ' '.repeat(200), 'latin1'), 'name=Old&filename=old.pmtiles', 'neither a PMTiles (version 3)'],
      [
        buildMbtiles({ name: 'No format', minzoom: '0', maxzoom: '1' }, [{ z: 0, x: 0, y: 0, data: PNG }]),
        'name=A&filename=a.mbtiles',
        'does not name the tile format',
      ],
      [
        buildMbtiles({ format: 'tiff' }, [{ z: 0, x: 0, y: 0, data: PNG }]),
        'name=A&filename=a.mbtiles',
        'tile format "tiff" is not one Argus serves',
      ],
      [buildMbtiles({ format: 'png' }, []), 'name=A&filename=a.mbtiles', 'holds no tiles'],
      [buildMbtiles({ format: 'png' }, [{ z: 0, x: 0, y: 0, data: PNG }], 'wal'), 'name=A&filename=a.mbtiles', 'in WAL mode'],
      [
        buildPmtiles({
          tileType: PMTILES_TYPE.avif,
          tileCompression: PMTILES_COMPRESSION.none,
          tiles: [{ z: 0, x: 0, y: 0, data: PNG }],
          metadata: {},
        }),
        'name=A&filename=a.pmtiles',
        'format Argus does not serve',
      ],
      [
        buildPmtiles({
          tileType: PMTILES_TYPE.mvt,
          tileCompression: PMTILES_COMPRESSION.brotli,
          tiles: [{ z: 0, x: 0, y: 0, data: PNG }],
          metadata: {},
        }),
        'name=A&filename=a.pmtiles',
        'compressed other than with gzip',
      ],
      [Buffer.alloc(0), 'name=A&filename=a.pmtiles', 'The file is empty.'],
      [vectorMbtiles([]), 'filename=a.mbtiles', 'Give the basemap a name'],
      [vectorMbtiles([]), `name=${'x'.repeat(81)}&filename=a.mbtiles`, 'too long'],
      [vectorMbtiles([]), 'name=A', 'Name the file'],
    ];
    // A real SQLite database that is not an MBTiles file.
    const notMbtiles = buildMbtiles({}, []);
    refusals.push([
      Buffer.concat([notMbtiles.subarray(0, 100), Buffer.alloc(notMbtiles.length - 100)]),
      'name=A&filename=a.mbtiles',
      'usable basemap',
    ]);
    for (const [bytes, query, message] of refusals) {
      const response = await upload(bytes, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect(await list()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over BASEMAP_MAX_BYTES with a 413 naming the limit, whether announced or streamed', async () => {
    const big = vectorMbtiles([{ z: 0, x: 0, y: 0, data: Buffer.alloc(1024 * 1024 + 1, 1) }]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The file is larger than the 1 MB basemap limit (BASEMAP_MAX_BYTES).');
    // Without a Content-Length the limit is enforced while the bytes stream.
    const streamed = await upload(Readable.from([big.subarray(0, 512 * 1024), big.subarray(512 * 1024)]));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe('The file is larger than the 1 MB basemap limit (BASEMAP_MAX_BYTES).');
    expect(await list()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('deletes a basemap with its stored file, and keeps a file another basemap still uses', async () => {
    const bytes = vectorMbtiles([{ z: 0, x: 0, y: 0, data: gzipSync(vectorTile('water')) }]);
    const first = (await upload(bytes)).json().basemap;
    const second = (await upload(bytes, 'name=Copy&filename=copy.mbtiles')).json().basemap;
    expect((await analyst.request('GET', `/basemaps/${first.id}/tiles/0/0/0`)).statusCode).toBe(200);

    expect((await admin.request('DELETE', `/basemaps/${first.id}`)).statusCode).toBe(204);
    expect(storedFiles()).toEqual([sha256(bytes)]);
    expect((await analyst.request('GET', `/basemaps/${first.id}/tiles/0/0/0`)).statusCode).toBe(404);
    expect((await analyst.request('GET', `/basemaps/${second.id}/tiles/0/0/0`)).statusCode).toBe(200);

    expect((await admin.request('DELETE', `/basemaps/${second.id}`)).statusCode).toBe(204);
    expect(storedFiles()).toEqual([]);
    expect(await list()).toEqual([]);
    expect((await admin.request('DELETE', `/basemaps/${second.id}`)).statusCode).toBe(404);
    expect((await auditOf('basemap.delete')).map((event) => event.target).sort()).toEqual([first.id, second.id].sort());
  });

  it('lets every signed-in role read basemaps and tiles, and only command-level roles manage them', async () => {
    const bytes = buildMbtiles({ format: 'png', minzoom: '0', maxzoom: '0' }, [{ z: 0, x: 0, y: 0, data: PNG }]);
    const basemap = (await upload(bytes, 'name=Imagery&filename=imagery.mbtiles')).json().basemap;
    const superAdmin = (await signInNewUser(t, 'Super_Admin')).client;
    expect((await superAdmin.request('PATCH', `/basemaps/${basemap.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const { client } = await signInNewUser(t, role);
      expect((await client.request('GET', '/basemaps')).json().basemaps).toHaveLength(1);
      expect((await client.request('GET', `/basemaps/${basemap.id}/tiles/0/0/0`)).statusCode).toBe(200);
      expect((await upload(bytes, 'name=Mine&filename=mine.mbtiles', client)).statusCode).toBe(403);
      expect((await client.request('PATCH', `/basemaps/${basemap.id}`, { isDefault: true })).statusCode).toBe(403);
      expect((await client.request('DELETE', `/basemaps/${basemap.id}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/basemaps/${basemap.id}/tiles/0/0/0` })).statusCode).toBe(401);
    expect(await list()).toHaveLength(1);
  });
});
