import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { WebSocket } from 'ws';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { REALTIME_PATH } from '@argus/contracts/realtime/protocol';
import { riskRank, type RiskLevel } from '@argus/contracts/zones';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { defaultRules } from '../../apps/server/src/features/rules/default-rules';
import { RulesEngine } from '../../apps/server/src/features/rules/rules.engine';
import { boundsOf, type IndexedZone } from '../../apps/server/src/features/rules/zone-index';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { freePort, productionEnv, startNode, stop, waitUntilAnswering } from '../support/processes';
import { percentile, round } from '../support/stats';

const EMAIL = 'bench.rules@argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const ZONE_COUNTS = [1_000, 10_000];
/** The area zones and positions fall in: 20° × 20°, so zones cover a few per cent of it. */
const AREA = { west: 0, south: 0, size: 20 };
const ENGINE_EVENTS = 300_000;
/** The naive loop is slow by design: enough events for a stable figure, not more. */
const NAIVE_SECONDS = 2;
const UNITS = 2_000;
const DELIVERY_ALERTS = 300;
const DELIVERY_RATE = 50;

/** The targets. */
export const TARGETS = { ratioAt10k: 50, eventsPerSecond: 100_000, deliveryP99Ms: 50 };

/** A deterministic pseudo-random source, so every run measures the same zones and positions. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** Irregular 12-vertex polygons 2–12 km across, of every risk level. */
function makeZones(count: number, next: () => number): IndexedZone[] {
  const levels: RiskLevel[] = ['low', 'elevated', 'high', 'critical'];
  return Array.from({ length: count }, (_, index) => {
    const lon = AREA.west + next() * AREA.size;
    const lat = AREA.south + next() * AREA.size;
    const radius = 0.01 + next() * 0.05;
    const ring = Array.from({ length: 12 }, (_, k) => {
      const angle = (k / 12) * 2 * Math.PI;
      const r = radius * (0.6 + next() * 0.4);
      return [lon + r * Math.cos(angle), lat + r * Math.sin(angle)];
    });
    ring.push(ring[0]!);
    const geometry = { type: 'Polygon' as const, coordinates: [ring] };
    return {
      id: `z${index}`,
      name: `Zone ${index}`,
      kind: 'ungoverned',
      riskLevel: levels[index % 4]!,
      active: true,
      geometry,
      bbox: boundsOf(geometry),
    };
  });
}

function makePositions(count: number, next: () => number): [number, number][] {
  return Array.from({ length: count }, () => [AREA.west + next() * AREA.size, AREA.south + next() * AREA.size]);
}

/** The engine as the server runs it: spatial index, exact test, presence per unit, alert decisions. */
function measureEngine(zones: IndexedZone[], positions: [number, number][]) {
  const engine = new RulesEngine(defaultRules());
  engine.setZones(zones);
  let raised = 0;
  const started = performance.now();
  for (let i = 0; i < positions.length; i += 1) {
    const [lon, lat] = positions[i]!;
    const actions = engine.unit(
      { unitId: `u${i % UNITS}`, callsign: 'U', kind: 'patrol', status: 'available', position: { lat, lon, at: i }, ingestedAt: i },
      i,
    );
    for (const action of actions) if (action.type === 'raise') raised += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return { eventsPerSecond: round(positions.length / seconds, 0), events: positions.length, alertsRaised: raised };
}

/** The baseline: every zone tested with Turf for every position, no index. */
function measureNaive(zones: IndexedZone[], positions: [number, number][]) {
  const floor = riskRank('high');
  let inside = 0;
  let events = 0;
  const started = performance.now();
  const deadline = started + NAIVE_SECONDS * 1000;
  while (performance.now() < deadline && events < positions.length) {
    const point = positions[events]!;
    for (const zone of zones) if (riskRank(zone.riskLevel) >= floor && booleanPointInPolygon(point, zone.geometry)) inside += 1;
    events += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return { eventsPerSecond: round(events / seconds, 0), events, hits: inside };
}

/** The two agree on which watched zones hold each point, or the comparison means nothing. */
function checkAgreement(zones: IndexedZone[], positions: [number, number][]): number {
  const engine = new RulesEngine(defaultRules());
  engine.setZones(zones);
  let disagreements = 0;
  for (const point of positions.slice(0, 500)) {
    const indexed = engine.zones.containing(point[0], point[1], 'high').length;
    const naive = zones.filter(
      (zone) => riskRank(zone.riskLevel) >= riskRank('high') && booleanPointInPolygon(point, zone.geometry),
    ).length;
    if (indexed !== naive) disagreements += 1;
  }
  return disagreements;
}

async function seed(env: Record<string, string>, zones: IndexedZone[]): Promise<string[]> {
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  const services = createServices(config, db, systemClock);
  const user = await services.users.create(
    { email: EMAIL, full_name: 'Bench Rules', role: 'Command_Admin', password: PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  const now = Date.now();
  for (const zone of zones) {
    const [minLon, minLat, maxLon, maxLat] = zone.bbox;
    await db.kysely
      .insertInto('zones')
      .values({
        id: zone.id,
        name: zone.name,
        kind: zone.kind,
        risk_level: 'high',
        geometry: JSON.stringify(zone.geometry),
        min_lon: minLon,
        min_lat: minLat,
        max_lon: maxLon,
        max_lat: maxLat,
        notes: '',
        active: 1,
        import_id: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const unitIds: string[] = [];
  for (let i = 0; i < DELIVERY_ALERTS; i += 1)
    unitIds.push((await services.units.create({ callsign: `RULE-${i}`, kind: 'patrol', members: [] })).id);
  await db.close();
  return unitIds;
}

/**
 * Event → alert on a command socket, against a real server: each unit reports one position inside
 * its own high-risk zone (so each raises one alert), paced at DELIVERY_RATE. The baseline is the
 * same position's own unit.position frame on the "units" channel: what delivery costs without
 * the engine in between.
 */
async function measureDelivery() {
  const zones = makeZones(DELIVERY_ALERTS, random(7)).map((zone) => ({ ...zone, riskLevel: 'high' as const }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-rules-'));
  const port = await freePort();
  const env = productionEnv(dataDir, port);
  const unitIds = await seed(env, zones);
  const server = startNode('apps/server/src/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/health`, server);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const cookies = Object.fromEntries(login.headers.getSetCookie().map((header) => header.split(';')[0]!.split('=') as [string, string]));
    const cookie = `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers: { cookie } });
    const alertAt = new Map<string, number>();
    const positionAt = new Map<string, number>();
    let subscribed = 0;
    socket.on('message', (raw) => {
      const received = Date.now();
      const frame = JSON.parse(raw.toString()) as { type: string; data: { id: string; sources?: { kind: string; id: string }[] } };
      if (frame.type === 'realtime.subscribed') subscribed += 1;
      if (frame.type === 'unit.position' && !positionAt.has(frame.data.id)) positionAt.set(frame.data.id, received);
      if (frame.type === 'alert.created') {
        const unit = frame.data.sources?.find((source) => source.kind === 'unit');
        if (unit && !alertAt.has(unit.id)) alertAt.set(unit.id, received);
      }
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'subscribe', subscriptions: [{ channel: 'alerts' }, { channel: 'units' }] }));
    while (subscribed < 2) await new Promise((resolve) => setTimeout(resolve, 20));

    const sentAt = new Map<string, number>();
    let failed = 0;
    const headers = { cookie, [CSRF_HEADER]: cookies[CSRF_COOKIE]!, 'content-type': 'application/json' };
    const requests: Promise<void>[] = [];
    for (let i = 0; i < unitIds.length; i += 1) {
      const zone = zones[i]!;
      const [minLon, minLat, maxLon, maxLat] = zone.bbox;
      const at = Date.now();
      sentAt.set(unitIds[i]!, at);
      const body = { clientId: crypto.randomUUID(), location: { lon: (minLon + maxLon) / 2, lat: (minLat + maxLat) / 2 }, at };
      requests.push(
        fetch(`${base}/units/${unitIds[i]}/position`, { method: 'POST', headers, body: JSON.stringify(body) }).then((response) => {
          if (response.status !== 200) failed += 1;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / DELIVERY_RATE));
    }
    await Promise.all(requests);
    const deadline = Date.now() + 10_000;
    while (alertAt.size < unitIds.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close();
    const alertLatencies = unitIds.filter((id) => alertAt.has(id)).map((id) => alertAt.get(id)! - sentAt.get(id)!);
    const positionLatencies = unitIds.filter((id) => positionAt.has(id)).map((id) => positionAt.get(id)! - sentAt.get(id)!);
    return {
      alerts: {
        expected: unitIds.length,
        delivered: alertLatencies.length,
        p50Ms: percentile(alertLatencies, 50),
        p99Ms: percentile(alertLatencies, 99),
      },
      positionFrames: {
        delivered: positionLatencies.length,
        p50Ms: percentile(positionLatencies, 50),
        p99Ms: percentile(positionLatencies, 99),
      },
      failedRequests: failed + (unitIds.length - alertLatencies.length),
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Geofence evaluation against 1,000 and 10,000 zones, the engine (Flatbush over bounding boxes,
 * exact test after) against a naive loop testing every zone with Turf, in the same run; then
 * event-to-alert delivery over the WebSocket against a real server.
 */
export async function rulesEngineSuite() {
  const sizes = [];
  for (const count of ZONE_COUNTS) {
    const zones = makeZones(count, random(count));
    const positions = makePositions(ENGINE_EVENTS, random(count + 1));
    const disagreements = checkAgreement(zones, positions);
    const engine = measureEngine(zones, positions);
    const naive = measureNaive(zones, positions);
    const ratio = round(engine.eventsPerSecond / naive.eventsPerSecond, 1);
    console.log(`  ${count} zones: engine ${engine.eventsPerSecond} events/s, naive ${naive.eventsPerSecond} events/s, ratio ${ratio}`);
    sizes.push({ zones: count, engine, naive, ratio, disagreements });
  }
  const delivery = await measureDelivery();
  console.log(
    `  delivery: alert p50 ${delivery.alerts.p50Ms} ms, p99 ${delivery.alerts.p99Ms} ms; position frame p50 ${delivery.positionFrames.p50Ms} ms, p99 ${delivery.positionFrames.p99Ms} ms`,
  );
  const at10k = sizes.find((size) => size.zones === 10_000)!;
  return {
    suite: 'rules-engine',
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    geofence: sizes,
    delivery: {
      ...delivery.alerts,
      baselinePositionFrame: delivery.positionFrames,
      ratio: round(delivery.alerts.p99Ms / Math.max(1, delivery.positionFrames.p99Ms), 2),
    },
    targets: TARGETS,
    failedRequests: delivery.failedRequests + sizes.reduce((sum, size) => sum + size.disagreements, 0),
    meetsTarget:
      at10k.ratio >= TARGETS.ratioAt10k &&
      Math.min(...sizes.map((size) => size.engine.eventsPerSecond)) >= TARGETS.eventsPerSecond &&
      delivery.alerts.p99Ms < TARGETS.deliveryP99Ms,
  };
}
