import type { Insertable, Kysely } from 'kysely';
import type { AlertTier } from '@argus/contracts/alerts';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import type { ReportKind, ReportStatus } from '@argus/contracts/reports';
import type { DispatchStatus } from '@argus/contracts/units';
import type { AlertsTable, Database, DispatchesTable, IncidentsTable, ReportsTable, UnitsTable } from '../src/db/schema';

/**
 * A small operational data set with known times, written straight to the tables so every
 * figure in analytics-charts.test.ts can be worked out by hand. T0 is a UTC midnight; the test
 * range is [T0, T0 + 6 h) and the clock stands at T0 + 5 h.
 */
export const T0 = Date.UTC(2026, 10, 1);
export const MIN = 60_000;
export const HOUR = 60 * MIN;

export async function seedOperational(db: Kysely<Database>, reporterId: string): Promise<void> {
  const incident = (id: string, category: string, severity: IncidentSeverity, at: number, exercise = 0): Insertable<IncidentsTable> => ({
    id,
    reference: `INC-2026-${id}`,
    title: id,
    category,
    severity,
    status: 'new',
    lat: 0,
    lon: 0,
    description: '',
    created_at: at,
    updated_at: at,
    exercise,
  });
  await db
    .insertInto('incidents')
    .values([
      incident('i1', 'fire', 'high', T0 + HOUR + 5 * MIN),
      incident('i2', 'fire', 'low', T0 + HOUR + 30 * MIN),
      incident('i3', 'flood', 'critical', T0 + 3 * HOUR),
      incident('i4', 'fire', 'high', T0 + HOUR + 10 * MIN, 1),
      incident('i5', 'fire', 'medium', T0 - 1),
    ])
    .execute();

  const unit = (id: string, callsign: string): Insertable<UnitsTable> => ({
    id,
    callsign,
    kind: 'patrol',
    status: 'available',
    created_at: T0,
    updated_at: T0,
  });
  await db
    .insertInto('units')
    .values([unit('u1', 'ALPHA-1'), unit('u2', 'BRAVO-2')])
    .execute();

  // Milestones in minutes after assignment.
  const dispatch = (
    id: string,
    incidentId: string,
    unitId: string,
    assigned: number,
    steps: Partial<Record<DispatchStatus, number>>,
  ): Insertable<DispatchesTable> => {
    const milestones: Partial<Record<DispatchStatus, number>> = { assigned };
    for (const [name, minutes] of Object.entries(steps) as [DispatchStatus, number][]) milestones[name] = assigned + minutes * MIN;
    const last = (Object.entries(milestones) as [DispatchStatus, number][]).sort(([, a], [, b]) => b - a)[0]!;
    return {
      id,
      incident_id: incidentId,
      unit_id: unitId,
      status: last[0],
      milestones: JSON.stringify(milestones),
      created_at: assigned,
      updated_at: last[1],
    };
  };
  await db
    .insertInto('dispatches')
    .values([
      dispatch('d1', 'i1', 'u1', T0 + HOUR + 10 * MIN, { acknowledged: 1, en_route: 3, on_scene: 12, cleared: 42 }),
      dispatch('d2', 'i2', 'u2', T0 + 2 * HOUR, { acknowledged: 0.5, en_route: 2, on_scene: 6 }),
      dispatch('d3', 'i3', 'u1', T0 + 3 * HOUR + 5 * MIN, { en_route: 4, on_scene: 25, cleared: 85 }),
      dispatch('d4', 'i4', 'u2', T0 + HOUR + 15 * MIN, { acknowledged: 10, en_route: 11, on_scene: 50, cleared: 55 }),
      dispatch('d5', 'i3', 'u2', T0 + 3 * HOUR + 10 * MIN, { cancelled: 2 }),
    ])
    .execute();

  const report = (
    id: string,
    kind: ReportKind,
    status: ReportStatus,
    at: number,
    incidentId: string | null = null,
  ): Insertable<ReportsTable> => ({
    id,
    client_id: id,
    tracking_code: id,
    kind,
    category: 'fire',
    description: '',
    lat: 0,
    lon: 0,
    status,
    reporter_id: reporterId,
    incident_id: incidentId,
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto('reports')
    .values([
      report('r1', 'civic', 'submitted', T0 + HOUR),
      report('r2', 'civic', 'verified', T0 + 2 * HOUR, 'i1'),
      report('r3', 'field', 'rejected', T0 + 2 * HOUR),
      report('r4', 'field', 'verified', T0 + 2 * HOUR, 'i4'),
      report('r5', 'civic', 'submitted', T0 + 7 * HOUR),
    ])
    .execute();

  const alert = (
    id: string,
    rule: string,
    tier: AlertTier,
    at: number,
    ackAfterMs: number | null,
    latency: { event?: number; ingest?: number; delivered?: number } = {},
  ): Insertable<AlertsTable> => ({
    id,
    rule,
    subject: id,
    severity: 'critical',
    title: id,
    detail: '',
    public: 0,
    status: ackAfterMs === null ? 'new' : 'acknowledged',
    sources: '[]',
    created_at: at,
    updated_at: at,
    acknowledged_at: ackAfterMs === null ? null : at + ackAfterMs,
    tier,
    event_at: latency.event ?? null,
    ingested_at: latency.ingest ?? null,
    first_delivered_at: latency.delivered ?? null,
    occurrences: 1,
  });
  await db
    .insertInto('alerts')
    .values([
      alert('a1', 'zone.geofence', 'alert', T0 + HOUR, 2 * MIN, {
        event: T0 + HOUR - 3000,
        ingest: T0 + HOUR - 1000,
        delivered: T0 + HOUR + 500,
      }),
      alert('a2', 'zone.geofence', 'alert', T0 + 2 * HOUR, 6 * MIN),
      alert('a3', 'zone.geofence', 'alert', T0 + 2 * HOUR, null),
      alert('a4', 'detection.zone', 'detection', T0 + 3 * HOUR, MIN),
      alert('a5', 'detection.zone', 'detection', T0 + 8 * HOUR, MIN),
    ])
    .execute();
}

export async function seedTelemetry(db: Kysely<Database>): Promise<void> {
  const event = (kind: string, trackingId: string, at: number, payload: Record<string, unknown>) => ({
    kind,
    tracking_id: trackingId,
    user_id: null,
    site: 'main',
    payload: JSON.stringify({ trackingId, ...payload }),
    received_at: at,
  });
  await db
    .insertInto('analytics_events')
    .values([
      event('pageview', 't1', T0 + HOUR, { path: '/command' }),
      event('pageview', 't1', T0 + 2 * HOUR, { path: '/command' }),
      event('pageview', 't2', T0 + 2 * HOUR, { path: '/command' }),
      event('pageview', 't1', T0 + 3 * HOUR, { path: '/analytics' }),
      event('pageview', 't3', T0 + 9 * HOUR, { path: '/analytics' }),
      ...[100, 400, 200, 300].map((value, index) => event('performance', 't1', T0 + HOUR + index, { name: 'LCP', value })),
      event('performance', 't2', T0 + HOUR, { name: 'CLS', value: 0.1 }),
      event('error', 't1', T0 + HOUR, { message: 'Boom' }),
      event('error', 't2', T0 + 2 * HOUR, { message: 'Boom' }),
      event('error', 't2', T0 + 3 * HOUR, { message: '=HYPERLINK("x")' }),
    ])
    .execute();
}
