import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ArgusApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { RedisLeadership } from '../src/features/rules/engine-leadership';
import { ENGINE_LEASE, ScaledThreatEngine } from '../src/features/rules/scaled-threat-engine';
import { systemClock } from '../src/lib/clock';
import { TEST_DIALECTS } from './databases';
import { createUser, signIn, type Client } from './support';
import { POSTGRES_ADMIN_URL, REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';
import { squarePolygon } from './rules-support';

/**
 * Scale-out: several server processes on one PostgreSQL database and one Redis (REDIS_URL). Only
 * the process holding the rules engine lock evaluates, so an entry raises one alert whichever
 * process the position came through; when the leader goes, another takes over and carries on
 * from the database. The "processes" are app instances built in this test process, each with
 * its own database pool and Redis connections. Without Redis or PostgreSQL the tests are
 * skipped with a warning, except in CI, where both are required.
 */

const ready = servicesPresent('the rules engine scale-out tests', {
  [`Redis at ${REDIS_URL}`]: await redisAnswers(),
  [`PostgreSQL at ${POSTGRES_ADMIN_URL}`]: TEST_DIALECTS.includes('postgres'),
});

interface Instance {
  argus: ArgusApp;
  db: Db;
  engine: ScaledThreatEngine;
  command: Client;
  crew: Client;
}

describe.skipIf(!ready)('one rules engine across server processes sharing Redis and PostgreSQL', () => {
  const databaseName = `argus_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-scale-out-'));
  let config: ReturnType<typeof loadConfig>;
  let emails: { command: string; crew: string; crewId: string };
  const running: Instance[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  /** One more server process: its own pool, Redis connections and engine, started as a server starts. */
  async function startInstance(): Promise<Instance> {
    const db = await createDatabase({ dataDir, databaseUrl });
    const argus = await buildApp({ config, db, clock: systemClock });
    await argus.app.ready();
    const instance = {
      argus,
      db,
      engine: argus.services.threatEngine as ScaledThreatEngine,
      command: await signIn(argus.app, emails.command),
      crew: await signIn(argus.app, emails.crew),
    };
    running.push(instance);
    return instance;
  }

  async function stopInstance(instance: Instance): Promise<void> {
    running.splice(running.indexOf(instance), 1);
    await instance.argus.app.close();
    await instance.db.close();
  }

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      MFA_REQUIRED_FOR_ADMINS: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `argus:test:${randomBytes(6).toString('hex')}:`,
    });
    const db = await createDatabase({ dataDir, databaseUrl });
    const argus = await buildApp({ config, db, clock: systemClock });
    const command = await createUser(argus.services, { role: 'Command_Admin' });
    const crew = await createUser(argus.services, { role: 'Field_Unit' });
    emails = { command: command.email, crew: crew.email, crewId: crew.id };
    await db.close();
  });

  afterEach(async () => {
    for (const instance of [...running]) await stopInstance(instance);
  });

  afterAll(async () => {
    await admin(`drop database if exists ${databaseName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const move = (through: Instance, unitId: string, lon: number, lat: number) =>
    through.crew
      .request('POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: { lat, lon }, at: systemClock.now() })
      .then((response) => expect(response.statusCode).toBe(200));
  const geofenceAlerts = async (through: Instance, unitId: string) =>
    (
      (await through.command.request('GET', '/alerts?rule=zone.geofence')).json().alerts as {
        zoneId: string;
        occurrences: number;
        sources: { kind: string; id: string }[];
      }[]
    ).filter((alert) => alert.sources.some((source) => source.kind === 'unit' && source.id === unitId));
  /** Waits for the alerts to reach `count`, then long enough for a second raise from another process to have shown. */
  const settledAlerts = async (through: Instance, unitId: string, count: number) => {
    await expect.poll(async () => (await geofenceAlerts(through, unitId)).length, { timeout: 5_000, interval: 100 }).toBe(count);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(running.map((instance) => instance.engine.idle()));
    return geofenceAlerts(through, unitId);
  };
  const leaders = () => running.filter((instance) => instance.engine.isLeader);
  /** The keyword alerts on one report, once the engines have settled. */
  const keywordAlerts = async (through: Instance, reportId: string) => {
    const onReport = async () =>
      (
        (await through.command.request('GET', '/alerts?rule=report.keywords')).json().alerts as {
          occurrences: number;
          sources: { kind: string; id: string }[];
        }[]
      ).filter((alert) => alert.sources.some((source) => source.kind === 'report' && source.id === reportId));
    await expect.poll(async () => (await onReport()).length, { timeout: 5_000, interval: 100 }).toBe(1);
    await Promise.all(running.map((instance) => instance.engine.idle()));
    return onReport();
  };

  it('raises an entry once whichever process hears it, and after the leader stops another takes over and still raises once', async () => {
    const first = await startInstance();
    const second = await startInstance();
    expect(leaders()).toEqual([first]);

    // Everything goes through the process that does not lead: its events are relayed to the leader.
    const market = (
      await second.command.request('POST', '/zones', {
        name: 'Market',
        kind: 'ungoverned',
        riskLevel: 'high',
        geometry: squarePolygon(10, 10),
      })
    ).json().zone as { id: string };
    const depot = (
      await second.command.request('POST', '/zones', {
        name: 'Depot',
        kind: 'restricted',
        riskLevel: 'critical',
        geometry: squarePolygon(20, 20),
      })
    ).json().zone as { id: string };
    const unit = (
      await second.command.request('POST', '/units', {
        callsign: `SCALE-${randomBytes(2).toString('hex')}`,
        kind: 'patrol',
        members: [emails.crewId],
      })
    ).json().unit as { id: string };
    await move(second, unit.id, 9.5, 9.5);
    await move(second, unit.id, 10.5, 10.5);
    expect(await settledAlerts(second, unit.id, 1)).toMatchObject([{ zoneId: market.id, occurrences: 1 }]);

    // The leader shuts down and releases the lock: the other process takes over within a renewal.
    const stoppedAt = Date.now();
    await stopInstance(first);
    await expect.poll(() => second.engine.isLeader, { timeout: 3 * ENGINE_LEASE.renewMs, interval: 50 }).toBe(true);
    const takeoverMs = Date.now() - stoppedAt;
    const third = await startInstance();
    expect(leaders()).toEqual([second]);

    // The new leader rebuilt presence from the database: moving inside Market raises nothing new.
    await move(third, unit.id, 10.6, 10.6);
    expect(await settledAlerts(third, unit.id, 1)).toMatchObject([{ zoneId: market.id, occurrences: 1 }]);
    // The next entry, through the new standby, raises exactly one alert.
    await move(third, unit.id, 20.5, 20.5);
    const after = await settledAlerts(third, unit.id, 2);
    expect(after.map((alert) => [alert.zoneId, alert.occurrences]).sort()).toEqual(
      [
        [depot.id, 1],
        [market.id, 1],
      ].sort(),
    );
    console.info(`rules engine handover after a clean shutdown: ${takeoverMs} ms`);
  }, 60_000);

  it('takes over from a leader that died without releasing the lock once its lease runs out', async () => {
    const first = await startInstance();
    const second = await startInstance();
    expect(leaders()).toEqual([first]);
    const zone = (
      await first.command.request('POST', '/zones', {
        name: 'Quarry',
        kind: 'ungoverned',
        riskLevel: 'high',
        geometry: squarePolygon(40, 40),
      })
    ).json().zone as { id: string };
    const unit = (
      await first.command.request('POST', '/units', {
        callsign: `DIED-${randomBytes(2).toString('hex')}`,
        kind: 'patrol',
        members: [emails.crewId],
      })
    ).json().unit as { id: string };

    // As if the process died: it stops renewing and never releases the lock.
    const diedAt = Date.now();
    await first.engine.stop({ release: false });
    await new Promise((resolve) => setTimeout(resolve, ENGINE_LEASE.renewMs * 2));
    expect(second.engine.isLeader).toBe(false);
    await expect.poll(() => second.engine.isLeader, { timeout: ENGINE_LEASE.leaseMs + 3 * ENGINE_LEASE.renewMs, interval: 100 }).toBe(true);
    const takeoverMs = Date.now() - diedAt;
    // The key lives a lease from its last renewal, up to a renewal (later under load) before the death.
    expect(takeoverMs).toBeGreaterThanOrEqual(ENGINE_LEASE.leaseMs - 2 * ENGINE_LEASE.renewMs);

    await move(second, unit.id, 39.5, 39.5);
    await move(second, unit.id, 40.5, 40.5);
    expect(await settledAlerts(second, unit.id, 1)).toMatchObject([{ zoneId: zone.id, occurrences: 1 }]);
    console.info(`rules engine takeover after the leader died: ${takeoverMs} ms (lease ${ENGINE_LEASE.leaseMs} ms)`);
  }, 60_000);

  it('raises one alert for a unit that entered a zone, and one for a report filed, while no process led', async () => {
    const first = await startInstance();
    const second = await startInstance();
    expect(leaders()).toEqual([first]);
    const zone = (
      await second.command.request('POST', '/zones', {
        name: 'Ferry',
        kind: 'restricted',
        riskLevel: 'high',
        geometry: squarePolygon(60, 60),
      })
    ).json().zone as { id: string };
    const unit = (
      await second.command.request('POST', '/units', {
        callsign: `GAP-${randomBytes(2).toString('hex')}`,
        kind: 'patrol',
        members: [emails.crewId],
      })
    ).json().unit as { id: string };
    await move(second, unit.id, 59.5, 59.5);
    await Promise.all(running.map((instance) => instance.engine.idle()));

    // The leader dies without releasing the lock; the one entry (and a report with threat words) is
    // written while nobody leads, so nobody hears it. The leader had heard everything up to its last tick.
    await first.engine.tick();
    await first.engine.stop({ release: false });
    await move(second, unit.id, 60.5, 60.5);
    const report = await second.crew.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'field',
      category: 'security',
      description: 'Shots fired at the ferry ramp',
      location: { lat: 60.5, lon: 60.5 },
    });
    expect(report.statusCode).toBe(201);
    expect(second.engine.isLeader).toBe(false);
    await expect.poll(() => second.engine.isLeader, { timeout: ENGINE_LEASE.leaseMs + 3 * ENGINE_LEASE.renewMs, interval: 100 }).toBe(true);
    expect(await settledAlerts(second, unit.id, 1)).toMatchObject([{ zoneId: zone.id, occurrences: 1 }]);
    // The report, read back from the outbox by the new leader (docs/decisions/0070-every-event-through-the-outbox.md).
    expect(await keywordAlerts(second, report.json().report.id)).toMatchObject([{ occurrences: 1 }]);

    // A third process and a handover later, the entry is still raised once.
    const third = await startInstance();
    await stopInstance(second);
    await expect.poll(() => third.engine.isLeader, { timeout: 3 * ENGINE_LEASE.renewMs, interval: 50 }).toBe(true);
    await move(third, unit.id, 60.6, 60.6);
    expect(await settledAlerts(third, unit.id, 1)).toMatchObject([{ zoneId: zone.id, occurrences: 1 }]);
    expect(await keywordAlerts(third, report.json().report.id)).toMatchObject([{ occurrences: 1 }]);
  }, 60_000);

  it('campaigns again after resigning, stands down as soon as its lock is in another process’s hands, and never renews a lock it does not hold', async () => {
    const redis = new Redis(REDIS_URL);
    const key = `argus:test:${randomBytes(6).toString('hex')}:leader`;
    const happened: string[] = [];
    const leadership = new RedisLeadership(
      redis,
      { key, token: 'mine', ttlMs: 2_000, renewMs: 100 },
      { elected: () => happened.push('elected'), deposed: () => happened.push('deposed'), error: (error) => happened.push(String(error)) },
    );
    try {
      await leadership.start();
      expect(happened).toEqual(['elected']);
      expect(await redis.get(key)).toBe('mine');
      // Resigning (an engine that could not start) frees the key but keeps campaigning.
      await leadership.resign();
      await expect.poll(() => happened, { timeout: 2_000, interval: 20 }).toEqual(['elected', 'elected']);
      // The key expired unnoticed and another process took it.
      await redis.set(key, 'theirs', 'PX', 60_000);
      await expect.poll(() => happened, { timeout: 2_000, interval: 20 }).toEqual(['elected', 'elected', 'deposed']);
      expect(leadership.isLeader).toBe(false);
      expect(await redis.pttl(key)).toBeGreaterThan(50_000);
      // Stopping does not release someone else's key.
      await leadership.stop();
      expect(await redis.get(key)).toBe('theirs');
    } finally {
      await leadership.stop();
      await redis.del(key);
      redis.disconnect();
    }
  });
});
