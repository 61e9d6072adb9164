import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import type { Services } from '../src/services';
import { pngOfSize } from './evidence-fixtures';
import { createUser } from './support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-evidence-cli-'));

const cli = (...args: string[]) => runCli(dataDir, ...args);

/** `npm run cli -- evidence verify` as an operator runs it, on the SQLite file a server wrote. */
describe('npm run cli -- evidence verify', () => {
  let db: Db;
  let services: Services;
  const ids: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    db = await createDatabase({ dataDir: config.dataDir });
    ({ services } = await buildApp({ config, db }));
    const user = await createUser(services, { role: 'Field_Unit' });
    const context = { actorId: user.id, subjectId: user.id, ip: '192.0.2.7', userAgent: null };
    for (const name of ['a.png', 'b.png', 'c.png']) {
      ids.push(
        (
          await services.evidence.ingest(
            Readable.from([pngOfSize(10_000)]),
            { filename: name, source: 'upload', capturedBy: user.id },
            context,
          )
        ).id,
      );
    }
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes an intact store, then names a tampered file and a tampered custody row and exits non-zero', async () => {
    expect(cli('evidence', 'verify')).toMatchObject({
      code: 0,
      out: 'Evidence intact: 3 items verified (files re-hashed, custody chains walked).\n',
    });

    const tamperedFile = (
      await db.kysely.selectFrom('evidence_items').select(['storage_key']).where('id', '=', ids[0]!).executeTakeFirstOrThrow()
    ).storage_key;
    const bytes = fs.readFileSync(path.join(dataDir, 'files', tamperedFile));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(path.join(dataDir, 'files', tamperedFile), bytes);
    await db.kysely.updateTable('evidence_custody').set({ at: 0 }).where('item_id', '=', ids[1]!).execute();

    const result = cli('evidence', 'verify');
    expect(result.code).toBe(1);
    expect(result.err).toContain(`Evidence ${ids[0]}: the stored file's SHA-256 is `);
    expect(result.err).toContain(`Evidence ${ids[1]}: custody entry 1 was altered.`);
    expect(result.err).not.toContain(ids[2]);
    expect(result.err).toContain('2 of 3 evidence items do not verify.');
  });
});
