import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '@argus/contracts/http/auth';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { pngOfSize } from './evidence-fixtures';
import { createUser, sessionHeaders, STRONG_PASSWORD } from './support';
import { systemClock } from '../src/lib/clock';
import { createServices } from '../src/services';
import { backUpDataDir } from '../src/features/backups/backup';
import { BackupManifest } from '../src/features/backups/backup-manifest';
import { restoreDataDir } from '../src/features/backups/restore';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-backups-'));
const dataDir = path.join(scratch, 'data');
const backupDir = path.join(scratch, 'backup');
const restoredDir = path.join(scratch, 'restored');

/** The CLI as an operator runs it, in its own process, so the server here keeps answering meanwhile. */
function cli(dir: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

/** A fresh Node process through tsx takes seconds on a loaded machine (see cli.test.ts). */
const RUN_BUDGET_MS = 8_000;

async function signInOver(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookies = Object.fromEntries(response.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
  const headers = sessionHeaders({ cookies, csrf: cookies[CSRF_COOKIE]! });
  return async (url: string, body: Buffer | object): Promise<string> => {
    const answer = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json' },
      body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    if (answer.status !== 201) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
    const json = (await answer.json()) as { incident?: { id: string }; item?: { id: string } };
    return (json.incident ?? json.item)!.id;
  };
}

/**
 * Issue 17: a plain copy of the SQLite file lost acknowledged incidents still in the WAL. The
 * backup runs against a listening server taking incidents and evidence uploads; the restore holds
 * every write acknowledged before the backup started, and its audit chain and custody verify.
 */
describe('npm run cli -- backup and restore (SQLite)', () => {
  let db: Db;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      DATA_DIR: dataDir,
      RATE_LIMIT_SESSION_MAX: '100000',
    });
    db = await createDatabase({ dataDir: config.dataDir });
    let services;
    ({ app, services } = await buildApp({ config, db }));
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    await createUser(services, { role: 'Command_Admin', email: 'command@argus.test' });
    await createUser(services, { role: 'Field_Unit', email: 'field@argus.test' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'backs up under write load; the restore holds every acknowledged write, an intact audit chain and custody',
    async () => {
      const command = await signInOver(baseUrl, 'command@argus.test');
      const field = await signInOver(baseUrl, 'field@argus.test');
      const acknowledged: Array<{ id: string; table: 'incidents' | 'evidence_items'; at: number }> = [];
      let writing = true;
      let n = 0;
      const writer = async (kind: 'incident' | 'evidence') => {
        while (writing) {
          n += 1;
          const id =
            kind === 'incident'
              ? await command('/incidents', {
                  title: `Load ${n}`,
                  category: 'fire',
                  severity: 'high',
                  location: { lat: 1, lon: 2 },
                  description: '',
                })
              : await field(`/evidence?filename=load-${n}.png`, pngOfSize(40_000));
          acknowledged.push({ id, table: kind === 'incident' ? 'incidents' : 'evidence_items', at: performance.now() });
        }
      };
      const writers = Promise.all([writer('incident'), writer('incident'), writer('evidence'), writer('evidence')]);
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);

      const startedAt = performance.now();
      const backup = await cli(dataDir, 'backup', backupDir);
      const endedAt = performance.now();
      writing = false;
      await writers;
      expect(backup).toMatchObject({ code: 0, out: expect.stringContaining(`Backed up ${dataDir} to ${backupDir}:`) });
      // The load really ran while the backup did.
      expect(acknowledged.filter((write) => write.at > startedAt && write.at < endedAt).length).toBeGreaterThan(0);

      // Restored and verified in this process: each CLI run costs seconds; the CLI's own answers are tested below.
      await restoreDataDir(backupDir, restoredDir, { force: false });
      const restoredConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: restoredDir });
      const restored = await createDatabase({ dataDir: restoredDir });
      try {
        for (const table of ['incidents', 'evidence_items'] as const) {
          const before = acknowledged.filter((write) => write.table === table && write.at < startedAt).map((write) => write.id);
          const rows = await restored.kysely.selectFrom(table).select('id').execute();
          const present = new Set(rows.map((row) => row.id));
          expect(before.filter((id) => !present.has(id))).toEqual([]);
          expect(before.length).toBeGreaterThan(0);
        }
        const services = createServices(restoredConfig, restored, systemClock);
        expect(await services.audit.verify({})).toMatchObject({ brokenAt: null });
        const evidence = [];
        for await (const result of services.evidence.verifyAll()) evidence.push(result);
        expect(evidence.filter((result) => !result.verified)).toEqual([]);
        expect(evidence.length).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    },
    60_000 + 2 * RUN_BUDGET_MS,
  );

  it(
    'refuses a data folder that is not empty unless --force, a backup folder in use, and a damaged or unfinished backup',
    async () => {
      // Runs after the first test: the backup and the restored folder exist.
      await expect(restoreDataDir(backupDir, restoredDir, { force: false })).rejects.toThrow(
        `${restoredDir} is not empty; stop the server and restore with --force to replace its database and files.`,
      );
      await expect(restoreDataDir(backupDir, restoredDir, { force: true })).resolves.toMatchObject({ files: expect.any(Number) });
      await expect(backUpDataDir(restoredDir, backupDir)).rejects.toThrow(`${backupDir} is not empty; back up into a new or empty folder.`);
      await expect(backUpDataDir(restoredDir, path.join(restoredDir, 'files', 'backup'))).rejects.toThrow(
        'The backup folder must not lie inside the data folder.',
      );

      const manifest = BackupManifest.parse(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')));
      const evidenceFile = manifest.files.find((entry) => entry.path.startsWith('files/'))!.path;
      fs.appendFileSync(path.join(backupDir, evidenceFile), 'tampered');
      const empty = path.join(scratch, 'empty');
      expect(await cli(empty, 'restore', backupDir)).toMatchObject({
        code: 1,
        err: `Error: The backup in ${backupDir} is damaged, nothing was restored: ${evidenceFile} does not match its SHA-256 in the manifest.\n`,
      });
      expect(fs.existsSync(empty)).toBe(false);
      fs.rmSync(path.join(backupDir, 'manifest.json'));
      await expect(restoreDataDir(backupDir, empty, { force: false })).rejects.toThrow(
        `${backupDir} holds no manifest.json: it is not a backup, or its backup did not finish.`,
      );
    },
    30_000 + RUN_BUDGET_MS,
  );
});
