import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { freePort, productionEnv, startNode, stop, waitUntilAnswering } from '../support/processes';
import { median, round } from '../support/stats';

const EMAIL = 'bench-evidence@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const MB = 1024 * 1024;
const LARGE_MB = 200;
const SMALL_MB = 20;
const ROUNDS = 3;
/** Memory is flat when the 200 MB upload's peak exceeds the 20 MB upload's by less than this. */
const FLAT_MARGIN_MB = 32;

/** A file that sniffs as MP4 video (an ftyp box) followed by incompressible bytes, written in 1 MB chunks. */
async function writeVideo(file: string, sizeMb: number): Promise<void> {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');
  const out = createWriteStream(file);
  out.write(ftyp);
  for (let written = ftyp.length; written < sizeMb * MB; written += MB) {
    const chunk = randomBytes(Math.min(MB, sizeMb * MB - written));
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** The baseline: the same bytes read and written by Node with the same durability (flushed), nothing else. */
async function copyFile(source: string, target: string): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(source), createWriteStream(target, { flush: true }));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(target);
  return seconds;
}

/** One upload through the real route, streamed from disk; seconds until the 201 answer. */
function upload(base: string, headers: Record<string, string>, file: string, name: string): Promise<number> {
  const size = fs.statSync(file).size;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/evidence?filename=${encodeURIComponent(name)}`,
      { method: 'POST', headers: { ...headers, 'content-type': 'video/mp4', 'content-length': String(size) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 201) reject(new Error(`upload answered ${response.statusCode}: ${Buffer.concat(chunks).toString()}`));
          else resolve((performance.now() - started) / 1000);
        });
      },
    );
    request.on('error', reject);
    createReadStream(file).pipe(request);
  });
}

/** Linux keeps a process's peak resident set (VmHWM); writing 5 to clear_refs resets it to the current size. */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/**
 * Evidence ingest (issue 7): a 200 MB upload through POST /evidence — session, streaming, type
 * sniffing, SHA-256 on the way, rename into place, the item and its first custody entry — against a
 * plain streamed copy of the same bytes on the same disk, alternating rounds; and the server's peak
 * memory during a 20 MB and a 200 MB upload, which must be the same give or take a margin.
 */
export async function evidenceIngestSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-evidence-'));
  const port = await freePort();
  const env = productionEnv(dataDir, port);
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  await createServices(config, db, systemClock).users.create(
    { email: EMAIL, full_name: 'Bench Analyst', role: 'Intelligence_Analyst', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  await db.close();
  const large = path.join(dataDir, 'large.mp4');
  const small = path.join(dataDir, 'small.mp4');
  await writeVideo(large, LARGE_MB);
  await writeVideo(small, SMALL_MB);
  const argus = startNode('apps/server/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/health`, argus);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const cookies = Object.fromEntries(login.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
    const headers = {
      cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`,
      [CSRF_HEADER]: cookies[CSRF_COOKIE]!,
    };
    const pid = argus.pid!;

    // Warm-up: the route, the hash and the disk path once each.
    await upload(base, headers, small, 'warm-up.mp4');
    await copyFile(small, path.join(dataDir, 'warm-up-copy'));

    const memory = async (file: string, name: string) => {
      resetPeak(pid);
      const before = memoryMb(pid).rss;
      await upload(base, headers, file, name);
      return memoryMb(pid).peak - before;
    };
    const smallPeakGrowthMb = await memory(small, 'memory-small.mp4');
    const largePeakGrowthMb = await memory(large, 'memory-large.mp4');

    const copySeconds: number[] = [];
    const uploadSeconds: number[] = [];
    for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
      copySeconds.push(await copyFile(large, path.join(dataDir, 'copy.mp4')));
      uploadSeconds.push(await upload(base, headers, large, `round-${round_}.mp4`));
    }
    const copyMbPerSecond = LARGE_MB / median(copySeconds);
    const uploadMbPerSecond = LARGE_MB / median(uploadSeconds);
    const ratio = uploadMbPerSecond / copyMbPerSecond;
    const isFlat = largePeakGrowthMb - smallPeakGrowthMb < FLAT_MARGIN_MB;
    return {
      suite: 'evidence-ingest',
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      sizeMb: LARGE_MB,
      rounds: ROUNDS,
      copy: { mbPerSecond: round(copyMbPerSecond, 1), seconds: copySeconds.map((value) => round(value, 2)) },
      upload: { route: 'POST /evidence', mbPerSecond: round(uploadMbPerSecond, 1), seconds: uploadSeconds.map((value) => round(value, 2)) },
      uploadOverCopy: round(ratio, 3),
      serverMemory: {
        peakGrowthMbAt20Mb: round(smallPeakGrowthMb, 1),
        peakGrowthMbAt200Mb: round(largePeakGrowthMb, 1),
        flatMarginMb: FLAT_MARGIN_MB,
        isFlat,
      },
      failedRequests: 0,
      meetsTarget: ratio >= 0.7 && isFlat,
    };
  } finally {
    await stop(argus);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
