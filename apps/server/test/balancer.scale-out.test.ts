import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { ENGINE_LEASE } from '../src/features/rules/scaled-threat-engine';
import { systemClock } from '../src/lib/clock';
import { DEFAULT_OUTBOX_OPTIONS } from '../src/realtime/outbox';
import { createServices } from '../src/services';
import { TEST_DIALECTS } from './databases';
import { pngOfSize } from './evidence-fixtures';
import { freePort } from './free-port';
import { NGINX, startNginx, type Nginx } from './nginx';
import { RealtimeFollower } from './realtime-follower';
import { REDIS_URL, dropRedisKeys, redisAnswers, servicesPresent } from './scale-out-support';
import { sharedDatabase, signInOver, startBuiltServer, stopServer, type ServerProcess } from './server-processes';
import { createUser } from './support';
import { squarePolygon } from './rules-support';

/**
 * Issue 17 end to end: Debian's nginx, configured as docs/deployment.md shows, in front of three real
 * server processes on one PostgreSQL, one Redis and files stored in the database. Reporters file
 * through nginx and file again with the same clientId when an answer does not come; analysts follow
 * the reports channel through nginx and resume from their last seq when their node goes; a crew's
 * unit enters a zone and evidence is uploaded while nodes are killed (SIGKILL) and restarted one
 * after another. Then: every acknowledged report is in the database once, every analyst heard each
 * report.created exactly once (no seq missing or repeated), each evidence item verifies on every
 * node asked directly, and the entry raised one alert. Skipped without PostgreSQL, Redis or nginx,
 * except in CI (docs/decisions/0065-nginx-in-front-of-several-nodes.md).
 */
const ready = servicesPresent('the balancer test', {
  [`Redis at ${REDIS_URL}`]: await redisAnswers(),
  PostgreSQL: TEST_DIALECTS.includes('postgres'),
  [`nginx (${NGINX}, Debian's nginx package)`]: fs.existsSync(NGINX),
});

const NODES = 3;
const KILLS = 3;
const WRITERS = 3;
const FOLLOWERS = 3;
/** Between a writer's reports, so three writers leave the nodes the cores they need on a two-core machine. */
const WRITER_PAUSE_MS = 25;
/** Answers that mean "no node took it, try again"; anything else not 2xx is a failure. */
const GATEWAY_ANSWERS = [502, 503, 504];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!ready)('three nodes behind nginx while nodes are killed', () => {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:`;
  const dataDirs = Array.from({ length: NODES }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'argus-node-')));
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let nodeEnv: Record<string, string>[];
  let ports: number[];
  const nodes: (ServerProcess | undefined)[] = [];
  let nginx: Nginx | undefined;
  const followers: RealtimeFollower[] = [];

  beforeAll(async () => {
    database = await sharedDatabase('postgres');
    const [nginxPort, ...nodePorts] = await Promise.all(Array.from({ length: NODES + 1 }, freePort));
    ports = nodePorts;
    const { privateKey } = generateKeyPairSync('ed25519');
    // What every node is given alike (docs/deployment.md, "Every node").
    const shared = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      FILE_STORE_URL: 'postgres',
      AUDIT_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      // Every client comes through nginx from one address and files as fast as the nodes answer.
      RATE_LIMIT_SESSION_MAX: '1000000',
      RATE_LIMIT_PUBLIC_MAX: '1000000',
      ...database.env,
    };
    nodeEnv = dataDirs.map((dataDir) => ({ ...shared, DATA_DIR: dataDir }));
    const config = loadConfig(nodeEnv[0]);
    const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const services = createServices(config, db, systemClock);
    await createUser(services, { role: 'Civic_Reporter', email: 'reporter@argus.test' });
    await createUser(services, { role: 'Intelligence_Analyst', email: 'analyst@argus.test' });
    await createUser(services, { role: 'Command_Admin', email: 'command@argus.test' });
    await createUser(services, { role: 'Field_Unit', email: 'crew@argus.test' });
    await db.close();
    nodes.push(...(await Promise.all(nodeEnv.map((env, index) => startBuiltServer(env, ports[index]!)))));
    nginx = await startNginx(
      ports.map((port) => `127.0.0.1:${port}`),
      nginxPort,
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(followers.map((follower) => follower.stop()));
    await nginx?.stop();
    await Promise.all(nodes.map((node) => stopServer(node)));
    await database?.drop();
    await dropRedisKeys(keyPrefix);
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('loses no acknowledged write, no event and no evidence, and raises one alert, through three kill -9s', async () => {
    const balancer = nginx!.baseUrl;
    const [reporter, analyst, command, crew] = await Promise.all([
      signInOver(balancer, 'reporter@argus.test'),
      signInOver(balancer, 'analyst@argus.test'),
      signInOver(balancer, 'command@argus.test'),
      signInOver(balancer, 'crew@argus.test'),
    ]);
    let retries = 0;
    /** The answer's JSON once a node took the request, asking again (same body, same clientId) while none did. */
    const through = async (user: typeof reporter, url: string, body: unknown) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await user.send(balancer, url, body).catch(() => null);
        if (answer && answer.status < 300) return (await answer.json()) as Record<string, { id: string; sha256?: string }>;
        if (answer && !GATEWAY_ANSWERS.includes(answer.status)) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
        if (attempt === 100) throw new Error(`${url}: no node took it in 100 attempts (last ${answer?.status ?? 'no answer'})`);
        retries += 1;
        await pause(100);
      }
    };
    const readAs = async (user: typeof reporter, base: string, url: string) => {
      const answer = await fetch(`${base}${url}`, { headers: user.headers });
      if (answer.status !== 200) throw new Error(`${url} on ${base} answered ${answer.status}: ${await answer.text()}`);
      return answer;
    };

    const zone = (await through(command, '/zones', { name: 'Dam', kind: 'restricted', riskLevel: 'high', geometry: squarePolygon(30, 30) }))
      .zone!;
    const crewId = ((await (await readAs(crew, balancer, '/auth/me')).json()) as { user: { id: string } }).user.id;
    const unit = (await through(command, '/units', { callsign: `LB-${randomBytes(2).toString('hex')}`, kind: 'patrol', members: [crewId] }))
      .unit!;
    const move = (lon: number, lat: number) =>
      through(crew, `/units/${unit.id}/position`, { clientId: randomUUID(), location: { lat, lon } });
    await move(29.5, 29.5);

    // Analysts follow the reports channel as a browser on nginx's address would, Origin included.
    for (let index = 0; index < FOLLOWERS; index++)
      followers.push(new RealtimeFollower(balancer, { ...analyst.headers, origin: balancer }, 'reports'));
    await Promise.all(followers.map((follower) => follower.subscribed));

    const acknowledged = new Map<string, string>();
    let writing = true;
    const writer = async () => {
      while (writing) {
        const clientId = randomUUID();
        const body = {
          clientId,
          kind: 'civic',
          category: 'flooding',
          description: 'Water over the road',
          location: { lat: 48.85, lon: 2.35 },
        };
        acknowledged.set(clientId, (await through(reporter, '/reports', body)).report!.id);
        await pause(WRITER_PAUSE_MS);
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, writer));

    const evidence: { id: string; bytes: Buffer }[] = [];
    const upload = async () => {
      const bytes = pngOfSize(300_000 + evidence.length);
      const item = (await through(crew, `/evidence?filename=scene-${evidence.length}.png`, bytes)).item!;
      expect(item.sha256).toBe(sha256(bytes));
      evidence.push({ id: item.id, bytes });
    };
    await upload();

    const restarts: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await pause(1_500);
      const victim = kill % NODES;
      const exited = new Promise((resolve) => nodes[victim]!.child.once('exit', resolve));
      nodes[victim]!.child.kill('SIGKILL');
      await exited;
      // While it is down: the crew's unit enters the zone (once, on the first kill), and evidence comes in.
      if (kill === 0) await move(30.5, 30.5);
      await upload();
      const restarting = Date.now();
      nodes[victim] = await startBuiltServer(nodeEnv[victim]!, ports[victim]!);
      restarts.push(Date.now() - restarting);
    }
    writing = false;
    await writers;
    expect(acknowledged.size).toBeGreaterThan(KILLS);

    // Every acknowledged report is in the database once, under the id its reporter was given.
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    const rows = (await client.query<{ id: string; client_id: string }>('select id, client_id from reports')).rows;
    await client.end();
    const stored = new Map<string, string[]>();
    for (const row of rows) stored.set(row.client_id, [...(stored.get(row.client_id) ?? []), row.id]);
    expect([...acknowledged].filter(([clientId, id]) => stored.get(clientId)?.join() !== id)).toEqual([]);

    // Every analyst hears every acknowledged report (those a dead node committed come from another node's relay)...
    const unheard = () =>
      followers.flatMap((follower) => {
        const heard = new Set(follower.events().map((frame) => (frame.data as { id?: string }).id));
        return [...acknowledged.values()].filter((id) => !heard.has(id));
      });
    await expect.poll(unheard, { timeout: DEFAULT_OUTBOX_OPTIONS.graceMs * 4, interval: 200 }).toEqual([]);
    // ...and, once a second hand-over of any of them would have shown, each exactly once, no seq skipped or repeated.
    await pause(DEFAULT_OUTBOX_OPTIONS.graceMs + 2 * DEFAULT_OUTBOX_OPTIONS.intervalMs);
    for (const follower of followers) {
      expect(follower.resets()).toEqual([]);
      const seqs = follower.events().map((frame) => frame.seq!);
      const first = follower.firstSeq()!;
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => first + 1 + index));
      const created = follower
        .events()
        .filter((frame) => frame.type === 'report.created')
        .map((frame) => (frame.data as { id: string }).id);
      expect(created.length).toBe(new Set(created).size);
    }

    // Each evidence item, uploaded through nginx, is whole and verifies on every node asked directly.
    for (const item of evidence)
      for (const node of nodes) {
        const content = Buffer.from(await (await readAs(analyst, node!.baseUrl, `/evidence/${item.id}/content`)).arrayBuffer());
        expect(sha256(content)).toBe(sha256(item.bytes));
        const { verification } = (await (await readAs(analyst, node!.baseUrl, `/evidence/${item.id}/verify`)).json()) as {
          verification: { verified: boolean; problems: unknown[] };
        };
        expect(verification).toMatchObject({ verified: true, problems: [] });
      }

    // The unit's one entry raised one alert, whichever node led the rules engine at the time.
    const alerts = async () =>
      (
        (await (await readAs(command, balancer, '/alerts?rule=zone.geofence')).json()) as {
          alerts: { zoneId: string; occurrences: number; sources: { kind: string; id: string }[] }[];
        }
      ).alerts.filter((alert) => alert.sources.some((source) => source.kind === 'unit' && source.id === unit.id));
    await expect.poll(async () => (await alerts()).length, { timeout: ENGINE_LEASE.leaseMs * 4, interval: 200 }).toBe(1);
    await pause(ENGINE_LEASE.leaseMs);
    expect((await alerts()).map((alert) => [alert.zoneId, alert.occurrences])).toEqual([[zone.id, 1]]);

    console.info(
      `balancer: ${acknowledged.size} reports through ${KILLS} kill -9s (${retries} retries), ` +
        `followers reconnected ${followers.map((follower) => follower.connections - 1).join('/')} times, ` +
        `${evidence.length} evidence items verified on ${NODES} nodes; restarts took ${restarts.map((ms) => (ms / 1000).toFixed(1)).join('/')} s`,
    );
  }, 600_000);
});
