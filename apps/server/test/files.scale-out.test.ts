import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { buildApp, type ArgusApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { vectorMbtiles, vectorTile } from './basemap-fixtures';
import { TEST_DIALECTS } from './databases';
import { pngOfSize } from './evidence-fixtures';
import { adminQuery, databaseUrl } from './postgres-template';
import { createUser, signIn, type Client } from './support';

/**
 * Shared file storage (docs/decisions/0055-shared-file-storage.md): two server processes on one PostgreSQL
 * database with FILE_STORE_URL=postgres, each with a data folder of its own, as two machines have. What one
 * stores, the other serves: evidence (whole, by range, and verified for custody), a report photo, and a basemap
 * archive's tiles. The "processes" are app instances built in this test process, each with its own pool.
 * Without PostgreSQL the test is skipped with a warning, except in CI (test/databases.ts).
 */

interface Instance {
  argus: ArgusApp;
  db: Db;
  dataDir: string;
  admin: Client;
  analyst: Client;
  field: Client;
  civic: Client;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!TEST_DIALECTS.includes('postgres'))('files shared by server processes through PostgreSQL', () => {
  const name = `argus_test_${randomBytes(6).toString('hex')}`;
  const url = databaseUrl(name);
  const emails: Record<'admin' | 'analyst' | 'field' | 'civic', string> = { admin: '', analyst: '', field: '', civic: '' };
  const instances: Instance[] = [];

  const configFor = (dataDir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      FILE_STORE_URL: 'postgres',
    });

  async function startInstance(): Promise<Instance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-node-'));
    const db = await createDatabase({ dataDir, databaseUrl: url });
    const argus = await buildApp({ config: configFor(dataDir), db, clock: systemClock });
    await argus.app.ready();
    const instance = {
      argus,
      db,
      dataDir,
      admin: await signIn(argus.app, emails.admin),
      analyst: await signIn(argus.app, emails.analyst),
      field: await signIn(argus.app, emails.field),
      civic: await signIn(argus.app, emails.civic),
    };
    instances.push(instance);
    return instance;
  }

  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-node-'));
    const db = await createDatabase({ dataDir, databaseUrl: url });
    const { services } = await buildApp({ config: configFor(dataDir), db, clock: systemClock });
    emails.admin = (await createUser(services, { role: 'Super_Admin' })).email;
    emails.analyst = (await createUser(services, { role: 'Intelligence_Analyst' })).email;
    emails.field = (await createUser(services, { role: 'Field_Unit' })).email;
    emails.civic = (await createUser(services, { role: 'Civic_Reporter' })).email;
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    a = await startInstance();
    b = await startInstance();
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.argus.app.close();
      await instance.db.close();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  const send = (through: Instance, client: Client, method: 'POST' | 'PUT', url: string, payload: Buffer, contentType: string) =>
    through.argus.app.inject({
      method,
      url,
      payload,
      cookies: { [SESSION_COOKIE]: client.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: client.csrf },
      headers: { 'x-csrf-token': client.csrf, 'content-type': contentType },
    });

  it('serves and verifies on one process the evidence uploaded on another, whole and by range', async () => {
    const bytes = pngOfSize(3 * 1024 * 1024 + 321);
    const uploaded = await send(a, a.field, 'POST', '/evidence?filename=bridge.png', bytes, 'application/octet-stream');
    expect(uploaded.statusCode).toBe(201);
    const item = uploaded.json().item as { id: string; sha256: string };
    expect(item.sha256).toBe(sha256(bytes));

    const whole = await b.analyst.request('GET', `/evidence/${item.id}/content`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const start = 1024 * 1024 - 50;
    const part = await b.analyst.request('GET', `/evidence/${item.id}/content`, undefined, { range: `bytes=${start}-${start + 99}` });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(start, start + 100))).toBe(true);

    expect((await b.analyst.request('GET', `/evidence/${item.id}/verify`)).json().verification).toMatchObject({
      verified: true,
      fileIntact: true,
      chainIntact: true,
      problems: [],
    });
    // Neither process kept it on its own disk.
    for (const instance of [a, b]) expect(fs.existsSync(path.join(instance.dataDir, 'files'))).toBe(false);
  });

  it('shows on one process the report photo stored through another', async () => {
    const report = (
      await a.civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'flooding',
        description: 'Water over the road',
        location: { lat: 48.8566, lon: 2.3522, accuracy: 30 },
      })
    ).json().report as { id: string };
    const photo = pngOfSize(40_000);
    const photoId = randomUUID();
    expect((await send(a, a.civic, 'PUT', `/reports/${report.id}/photos/${photoId}`, photo, 'image/png')).statusCode).toBe(200);
    const read = await b.analyst.request('GET', `/reports/${report.id}/photos/${photoId}`);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(photo)).toBe(true);
  });

  it('serves on one process the tiles of a basemap archive uploaded on another, from a local copy checked by its hash', async () => {
    const bytes = vectorMbtiles([{ z: 1, x: 0, y: 0, data: gzipSync(vectorTile('transportation')) }]);
    const uploaded = await send(a, a.admin, 'POST', '/basemaps?name=Streets&filename=streets.mbtiles', bytes, 'application/octet-stream');
    expect(uploaded.statusCode).toBe(201);
    const basemap = uploaded.json().basemap as { id: string };
    const tile = await b.analyst.request('GET', `/basemaps/${basemap.id}/tiles/1/0/0`);
    expect(tile.statusCode).toBe(200);
    expect(gunzipSync(tile.rawPayload).equals(vectorTile('transportation'))).toBe(true);
    const copy = path.join(b.dataDir, 'file-cache', 'basemaps', sha256(bytes).slice(0, 2), sha256(bytes));
    expect(fs.readFileSync(copy).equals(bytes)).toBe(true);
  });
});
