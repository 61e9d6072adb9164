import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartToCsv, type ChartResponse } from '@argus/contracts/http/analytics';
import type { Role } from '@argus/contracts/roles';
import { ManualClock } from '../src/lib/clock';
import { TEST_DIALECTS } from './databases';
import { HOUR, MIN, T0, seedOperational, seedTelemetry } from './analytics-charts.fixture';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const iso = (ms: number) => new Date(ms).toISOString();
const RANGE = `from=${T0}&to=${T0 + 6 * HOUR}`;

describe.each(TEST_DIALECTS)('analytics charts on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  const clients = new Map<Role, Client>();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, new ManualClock(T0 + 5 * HOUR));
    for (const role of ['Command_Admin', 'Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const user = await createUser(t.services, { role });
      clients.set(role, await signIn(t.app, user.email));
    }
    command = clients.get('Command_Admin')!;
    const reporter = await createUser(t.services, { role: 'Civic_Reporter' });
    await seedOperational(t.services.db.kysely, reporter.id);
    await seedTelemetry(t.services.db.kysely);
  });
  afterAll(() => t.close());

  async function chart(path: string, query = RANGE, client = command): Promise<ChartResponse> {
    const response = await client.request('GET', `/analytics/${path}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChartResponse;
  }

  it('counts incidents per hour and category, every hour present, exercise left out', async () => {
    const result = await chart('operational/incidents-by-category');
    expect(result.bucket).toBe('hour');
    expect(result.columns.map((column) => column.label)).toEqual(['Hour starting (UTC)', 'fire', 'flood']);
    expect(result.rows).toEqual([
      { bucket: iso(T0), s0: 0, s1: 0 },
      { bucket: iso(T0 + HOUR), s0: 2, s1: 0 },
      { bucket: iso(T0 + 2 * HOUR), s0: 0, s1: 0 },
      { bucket: iso(T0 + 3 * HOUR), s0: 0, s1: 1 },
      { bucket: iso(T0 + 4 * HOUR), s0: 0, s1: 0 },
      { bucket: iso(T0 + 5 * HOUR), s0: 0, s1: 0 },
    ]);
    const withExercise = await chart('operational/incidents-by-category', `${RANGE}&includeExercise=true`);
    expect(withExercise.rows[1]).toEqual({ bucket: iso(T0 + HOUR), s0: 3, s1: 0 });
  });

  it('counts incidents per day and severity', async () => {
    const result = await chart('operational/incidents-by-severity', `from=${T0 - 1}&to=${T0 + 3 * 24 * HOUR}`);
    expect(result.bucket).toBe('day');
    expect(result.columns.map((column) => column.key)).toEqual(['bucket', 's0', 's1', 's2', 's3']);
    expect(result.columns.map((column) => column.label).slice(1)).toEqual(['low', 'medium', 'high', 'critical']);
    // i5 one millisecond before T0 lands in the day before; the daily buckets start there.
    expect(result.rows).toEqual([
      { bucket: iso(T0 - 24 * HOUR), s0: 0, s1: 1, s2: 0, s3: 0 },
      { bucket: iso(T0), s0: 1, s1: 0, s2: 1, s3: 1 },
      { bucket: iso(T0 + 24 * HOUR), s0: 0, s1: 0, s2: 0, s3: 0 },
      { bucket: iso(T0 + 48 * HOUR), s0: 0, s1: 0, s2: 0, s3: 0 },
    ]);
  });

  it('gives the distribution of time from assignment to each milestone', async () => {
    const result = await chart('operational/response-times');
    const byBin = Object.fromEntries(result.rows.map((row) => [row.bin, row]));
    expect(byBin['under 1 min']).toEqual({ bin: 'under 1 min', acknowledged: 1, en_route: 0, on_scene: 0, cleared: 0 });
    expect(byBin['1–2 min']).toMatchObject({ acknowledged: 1 });
    expect(byBin['2–5 min']).toMatchObject({ en_route: 3 });
    expect(byBin['5–10 min']).toMatchObject({ on_scene: 1 });
    expect(byBin['10–20 min']).toMatchObject({ on_scene: 1 });
    expect(byBin['20–30 min']).toMatchObject({ on_scene: 1 });
    expect(byBin['30–60 min']).toMatchObject({ cleared: 1 });
    expect(byBin['1–2 h']).toMatchObject({ cleared: 1 });
    expect(
      result.rows.reduce(
        (sum, row) => sum + (row.acknowledged as number) + (row.en_route as number) + (row.on_scene as number) + (row.cleared as number),
        0,
      ),
    ).toBe(10);
  });

  it('gives nearest-rank medians and 90th percentiles per milestone', async () => {
    const result = await chart('operational/response-percentiles');
    expect(result.rows).toEqual([
      { milestone: 'Acknowledged', p50: 0.5, p90: 1, n: 2 },
      { milestone: 'En route', p50: 3, p90: 4, n: 3 },
      { milestone: 'On scene', p50: 12, p90: 25, n: 3 },
      { milestone: 'Cleared', p50: 42, p90: 85, n: 2 },
    ]);
    const withExercise = await chart('operational/response-percentiles', `${RANGE}&includeExercise=true`);
    expect(withExercise.rows[0]).toEqual({ milestone: 'Acknowledged', p50: 1, p90: 10, n: 3 });
  });

  it('adds up each unit’s hours per phase, open assignments counting until now', async () => {
    const result = await chart('operational/unit-utilisation');
    expect(result.rows).toEqual([
      { unit: 'BRAVO-2', awaiting: 0.07, enRoute: 0.07, onScene: 2.9, busy: 3.03, share: 60.7 },
      { unit: 'ALPHA-1', awaiting: 0.12, enRoute: 0.5, onScene: 1.5, busy: 2.12, share: 42.3 },
    ]);
    const clipped = await chart('operational/unit-utilisation', `from=${T0 + 4 * HOUR}&to=${T0 + 6 * HOUR}`);
    expect(clipped.rows).toEqual([
      { unit: 'BRAVO-2', awaiting: 0, enRoute: 0, onScene: 1, busy: 1, share: 100 },
      { unit: 'ALPHA-1', awaiting: 0, enRoute: 0, onScene: 0.5, busy: 0.5, share: 50 },
    ]);
  });

  it('counts reports per source and verdict, leaving out those on exercise incidents', async () => {
    const result = await chart('operational/reports');
    expect(result.rows).toEqual([
      { source: 'civic', submitted: 1, under_review: 0, verified: 1, rejected: 0, merged: 0, total: 2 },
      { source: 'field', submitted: 0, under_review: 0, verified: 0, rejected: 1, merged: 0, total: 1 },
    ]);
    const withExercise = await chart('operational/reports', `${RANGE}&includeExercise=true`);
    expect(withExercise.rows[1]).toMatchObject({ verified: 1, total: 2 });
  });

  it('counts alerts per rule and tier with times to acknowledge, naming each rule by its title and keeping its id', async () => {
    const result = await chart('operational/alerts');
    expect(result.rows).toEqual([
      {
        title: 'Unit or report inside a high-risk zone',
        tier: 'alert',
        alerts: 3,
        acknowledged: 2,
        ackP50: 2,
        ackP90: 6,
        rule: 'zone.geofence',
      },
      {
        title: 'Camera detection inside a restricted zone',
        tier: 'detection',
        alerts: 1,
        acknowledged: 1,
        ackP50: 1,
        ackP90: 1,
        rule: 'detection.zone',
      },
    ]);
    expect(result.summary).toBe('4 alerts from 2 rules and tiers; the most, 3, from Unit or report inside a high-risk zone (alert).');
    expect(result.columns.map((column) => [column.label, column.role])).toEqual([
      ['Rule', 'category'],
      ['Tier', 'info'],
      ['Alerts', 'value'],
      ['Acknowledged', 'value'],
      ['Median time to acknowledge (min)', 'info'],
      ['90th percentile time to acknowledge (min)', 'info'],
      ['Rule id', 'id'],
    ]);
  });

  it('gives percentiles of each step of alert latency', async () => {
    const result = await chart('operational/alert-latency');
    expect(result.rows).toEqual([
      { step: 'Event → ingest', p50: 2, p90: 2, n: 1 },
      { step: 'Ingest → alert', p50: 1, p90: 1, n: 1 },
      { step: 'Alert → first delivery', p50: 0.5, p90: 0.5, n: 1 },
      { step: 'Alert → acknowledgement', p50: 120, p90: 360, n: 3 },
    ]);
  });

  it('aggregates platform telemetry: page views, p75 web vitals, errors by message', async () => {
    expect((await chart('platform/page-views')).rows).toEqual([
      { path: '/command', views: 3, visitors: 2 },
      { path: '/analytics', views: 1, visitors: 1 },
    ]);
    expect((await chart('platform/web-vitals')).rows).toEqual([
      { metric: 'CLS', p75: 0.1, samples: 1 },
      { metric: 'LCP', p75: 300, samples: 4 },
    ]);
    expect((await chart('platform/client-errors')).rows).toEqual([
      { message: 'Boom', count: 2, lastSeen: iso(T0 + 2 * HOUR) },
      { message: '=HYPERLINK("x")', count: 1, lastSeen: iso(T0 + 3 * HOUR) },
    ]);
  });

  it('exports as CSV exactly the rows the chart shows, formulas defused', async () => {
    const reports = await chart('operational/reports');
    expect(chartToCsv(reports)).toBe(
      'Source,submitted,under review,verified,rejected,merged,Total\r\ncivic,1,0,1,0,0,2\r\nfield,0,0,0,1,0,1\r\n',
    );
    const errors = await chart('platform/client-errors');
    const lines = chartToCsv(errors).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Message,Count,Last seen (UTC)',
      `Boom,2,${iso(T0 + 2 * HOUR)}`,
      `"'=HYPERLINK(""x"")",1,${iso(T0 + 3 * HOUR)}`,
    ]);
    expect(lines).toHaveLength(errors.rows.length + 1);
  });

  it('lets command and analysts read, and refuses field units, civic reporters and the signed out', async () => {
    expect((await chart('operational/alerts', RANGE, clients.get('Intelligence_Analyst'))).rows).toHaveLength(2);
    for (const role of ['Field_Unit', 'Civic_Reporter'] as const) {
      expect((await clients.get(role)!.request('GET', `/analytics/operational/alerts?${RANGE}`)).statusCode).toBe(403);
      expect((await clients.get(role)!.request('GET', `/analytics/platform/page-views?${RANGE}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/analytics/operational/alerts?${RANGE}` })).statusCode).toBe(401);
  });

  it.each([
    ['no range', '', 'from'],
    ['from after to', `from=${T0 + HOUR}&to=${T0}`, 'from must be before to.'],
    ['more than 366 days', `from=${T0 - 400 * 24 * HOUR}&to=${T0}`, 'at most 366 days'],
    ['hourly buckets over 40 days', `from=${T0 - 40 * 24 * HOUR}&to=${T0}&bucket=hour`, 'Hourly buckets'],
    ['a bad includeExercise', `${RANGE}&includeExercise=yes`, 'includeExercise is true or false.'],
  ])('answers %s with a 400 that says what is wrong', async (_case, query, message) => {
    const response = await command.request('GET', `/analytics/operational/incidents-by-category?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it.each([
    ['operational', 'page-views'],
    ['platform', 'no-such-chart'],
  ])('answers an unknown %s chart with a 400 naming the charts there are', async (family, name) => {
    const response = await command.request('GET', `/analytics/${family}/${name}?${RANGE}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      family === 'operational'
        ? 'chart must be one of incidents-by-category'
        : 'chart must be one of page-views, web-vitals, client-errors.',
    );
  });

  it('creates exercise incidents through the API and keeps them out of the charts', async () => {
    const body = { title: 'Drill', category: 'drill', severity: 'low', location: { lat: 1, lon: 1 }, exercise: true };
    const created = await command.request('POST', '/incidents', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ incident: { exercise: true } });
    const plain = await command.request('POST', '/incidents', { ...body, exercise: undefined, title: 'Real' });
    expect(plain.json()).toMatchObject({ incident: { exercise: false } });
    const now = T0 + 5 * HOUR;
    const query = `from=${now - HOUR}&to=${now + MIN}`;
    const without = await chart('operational/incidents-by-category', query);
    expect(without.columns.map((column) => column.label)).toEqual(['Hour starting (UTC)', 'drill']);
    expect(without.rows.reduce((sum, row) => sum + (row.s0 as number), 0)).toBe(1);
    const withExercise = await chart('operational/incidents-by-category', `${query}&includeExercise=true`);
    expect(withExercise.rows.reduce((sum, row) => sum + (row.s0 as number), 0)).toBe(2);
  });
});
