import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { ACTIVE_DISPATCH_STATUSES } from '../dispatch/dispatch.repository';
import { bucketStart, jsonNumber, overlapMs, percentilesBySeries, rankedPercentiles, type RankedValue } from './analytics.sql';

/** A chart's window: [from, to) in epoch ms, and whether exercise incidents count. */
export interface AnalyticsRange {
  from: number;
  to: number;
  includeExercise: boolean;
}

export type Fraction = readonly [numerator: number, denominator: number];
export type Percentiles = Map<string, { n: number; values: (number | null)[] }>;

/** The assignment milestones measured from the moment a unit was assigned. */
export const RESPONSE_MILESTONES = ['acknowledged', 'en_route', 'on_scene', 'cleared'] as const;
export type ResponseMilestone = (typeof RESPONSE_MILESTONES)[number];

export interface UnitBusyRow {
  unitId: string;
  callsign: string;
  awaitingMs: number;
  enRouteMs: number;
  onSceneMs: number;
}

/**
 * Operational aggregates for the analytics page. Every figure is computed in the database, on
 * SQLite and PostgreSQL alike; the service only shapes the results into chart tables.
 */
export class OperationalAnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Incident counts per time bucket and category or severity. */
  async incidentCounts(range: AnalyticsRange, bucketMs: number, dimension: 'category' | 'severity'): Promise<{ bucket: number; key: string; n: number }[]> {
    const bucket = bucketStart('created_at', bucketMs);
    let query = this.db
      .selectFrom('incidents')
      .select([bucket.as('bucket'), sql.ref<string>(dimension).as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .groupBy([bucket, dimension]);
    if (!range.includeExercise) query = query.where('exercise', '=', 0);
    const rows = await query.execute();
    return rows.map((row) => ({ bucket: Number(row.bucket), key: row.key, n: Number(row.n) }));
  }

  /** Counts of milestone times (since assignment) per milestone and histogram bin. */
  async responseHistogram(range: AnalyticsRange, binEdgesMs: readonly number[]): Promise<{ milestone: ResponseMilestone; bin: number; n: number }[]> {
    const bin = sql.join([
      sql`CASE`,
      ...binEdgesMs.map((edge, index) => sql`WHEN value < ${sql.lit(edge)} THEN ${sql.lit(index)}`),
      sql`ELSE ${sql.lit(binEdgesMs.length)} END`,
    ], sql` `);
    const { rows } = await sql<{ series: string; bin: number; n: number }>`${this.responseValues(range)}
      SELECT series, ${bin} AS bin, COUNT(*) AS n FROM milestone_values GROUP BY series, ${bin}`.execute(this.db);
    return rows.map((row) => ({ milestone: row.series as ResponseMilestone, bin: Number(row.bin), n: Number(row.n) }));
  }

  /** Nearest-rank percentiles of milestone times (since assignment) per milestone. */
  async responsePercentiles(range: AnalyticsRange, fractions: readonly Fraction[]): Promise<Percentiles> {
    const { rows } = await sql<RankedValue>`${this.responseValues(range)} ${rankedPercentiles(sql`SELECT series, value FROM milestone_values`, fractions)}`.execute(this.db);
    return percentilesBySeries(rows, fractions);
  }

  /**
   * CTEs: each assignment in the range with its milestone times read once from the JSON column
   * (MATERIALIZED, so SQLite does not re-read it per milestone), then one (milestone, ms) row
   * per milestone reached.
   */
  private responseValues(range: AnalyticsRange): RawBuilder<unknown> {
    const milestone = (name: string) => jsonNumber(this.db, 'dispatches.milestones', name);
    const exercise = range.includeExercise ? sql`` : sql`AND incidents.exercise = 0`;
    const names = sql.join(RESPONSE_MILESTONES.map((name) => sql`SELECT ${sql.lit(name)} AS series`), sql` UNION ALL `);
    const reached = sql`CASE m.series ${sql.join(RESPONSE_MILESTONES.map((name) => sql`WHEN ${sql.lit(name)} THEN d.${sql.ref(name)}`), sql` `)} END`;
    return sql`WITH d AS MATERIALIZED (
        SELECT ${milestone('assigned')} AS assigned, ${sql.join(RESPONSE_MILESTONES.map((name) => sql`${milestone(name)} AS ${sql.ref(name)}`))}
        FROM dispatches INNER JOIN incidents ON incidents.id = dispatches.incident_id
        WHERE dispatches.created_at >= ${range.from} AND dispatches.created_at < ${range.to} ${exercise}
      ),
      milestone_values AS (
        SELECT m.series AS series, ${reached} - d.assigned AS value
        FROM d CROSS JOIN (${names}) AS m
        WHERE ${reached} IS NOT NULL AND d.assigned IS NOT NULL
      )`;
  }

  /**
   * Time each unit spent on assignments inside the range, split by phase: awaiting (assigned or
   * acknowledged), en route, on scene. An assignment still open counts up to `now`.
   */
  async unitBusyTime(range: AnalyticsRange, now: number, limit: number): Promise<UnitBusyRow[]> {
    const milestone = (name: string) => jsonNumber(this.db, 'dispatches.milestones', name);
    const exercise = range.includeExercise ? sql`` : sql`AND incidents.exercise = 0`;
    const active = sql.join(ACTIVE_DISPATCH_STATUSES.map((status) => sql`${status}`));
    const awaiting = overlapMs(sql`d.assigned`, sql`COALESCE(d.en_route, d.on_scene, d.finished)`, range.from, range.to);
    const enRoute = overlapMs(sql`d.en_route`, sql`COALESCE(d.on_scene, d.finished)`, range.from, range.to);
    const onScene = overlapMs(sql`d.on_scene`, sql`d.finished`, range.from, range.to);
    // Ended assignments were last updated when they ended, so updated_at >= from finds every one
    // that ended inside the range; open ones are found by status. Both are index lookups.
    const { rows } = await sql<{ unit_id: string; callsign: string; awaiting: number; en_route: number; on_scene: number }>`
      WITH d AS MATERIALIZED (
        SELECT dispatches.unit_id AS unit_id, ${milestone('assigned')} AS assigned, ${milestone('en_route')} AS en_route,
          ${milestone('on_scene')} AS on_scene, COALESCE(${milestone('cleared')}, ${milestone('cancelled')}, ${sql.lit(now)}) AS finished
        FROM dispatches INNER JOIN incidents ON incidents.id = dispatches.incident_id
        WHERE dispatches.created_at < ${range.to} AND (dispatches.updated_at >= ${range.from} OR dispatches.status IN (${active})) ${exercise}
      ),
      busy AS (
        SELECT unit_id, SUM(${awaiting}) AS awaiting, SUM(${enRoute}) AS en_route, SUM(${onScene}) AS on_scene FROM d GROUP BY unit_id
      )
      SELECT busy.unit_id, units.callsign, busy.awaiting, busy.en_route, busy.on_scene
      FROM busy INNER JOIN units ON units.id = busy.unit_id
      WHERE busy.awaiting + busy.en_route + busy.on_scene > 0
      ORDER BY busy.awaiting + busy.en_route + busy.on_scene DESC, units.callsign
      LIMIT ${sql.lit(limit)}`.execute(this.db);
    return rows.map((row) => ({ unitId: row.unit_id, callsign: row.callsign, awaitingMs: Number(row.awaiting), enRouteMs: Number(row.en_route), onSceneMs: Number(row.on_scene) }));
  }

  /** Reports per source and status; a report attached to an exercise incident is exercise data. */
  async reportCounts(range: AnalyticsRange): Promise<{ kind: string; status: string; n: number }[]> {
    let query = this.db
      .selectFrom('reports')
      .leftJoin('incidents', 'incidents.id', 'reports.incident_id')
      .select(['reports.kind as kind', 'reports.status as status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('reports.created_at', '>=', range.from)
      .where('reports.created_at', '<', range.to)
      .groupBy(['reports.kind', 'reports.status']);
    if (!range.includeExercise) query = query.where((eb) => eb.or([eb('reports.incident_id', 'is', null), eb('incidents.exercise', '=', 0)]));
    const rows = await query.execute();
    return rows.map((row) => ({ kind: row.kind, status: row.status, n: Number(row.n) }));
  }

  /** Alerts raised in the range per rule and tier, with how many were acknowledged. */
  async alertCounts(range: Pick<AnalyticsRange, 'from' | 'to'>): Promise<{ rule: string; tier: string; n: number; acknowledged: number }[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select(['rule', 'tier', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('acknowledged_at').as('acknowledged')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .groupBy(['rule', 'tier'])
      .execute();
    return rows.map((row) => ({ rule: row.rule, tier: row.tier, n: Number(row.n), acknowledged: Number(row.acknowledged) }));
  }

  /** Percentiles of time to acknowledge, per "rule|tier". */
  async alertAckPercentiles(range: Pick<AnalyticsRange, 'from' | 'to'>, fractions: readonly Fraction[]): Promise<Percentiles> {
    const values = sql`SELECT rule || '|' || tier AS series, acknowledged_at - created_at AS value FROM alerts
      WHERE created_at >= ${range.from} AND created_at < ${range.to} AND acknowledged_at IS NOT NULL`;
    const { rows } = await rankedPercentiles(values, fractions).execute(this.db);
    return percentilesBySeries(rows, fractions);
  }

  /** Percentiles of each step of an alert's life: event → ingest → alert → first delivery, and alert → acknowledgement. */
  async alertLatencyPercentiles(range: Pick<AnalyticsRange, 'from' | 'to'>, fractions: readonly Fraction[]): Promise<Percentiles> {
    const steps = [
      ['event_to_ingest', 'ingested_at', 'event_at'],
      ['ingest_to_alert', 'created_at', 'ingested_at'],
      ['alert_to_delivery', 'first_delivered_at', 'created_at'],
      ['alert_to_acknowledgement', 'acknowledged_at', 'created_at'],
    ] as const;
    const values = sql.join(
      steps.map(
        ([name, later, earlier]) => sql`SELECT ${sql.lit(name)} AS series, ${sql.ref(later)} - ${sql.ref(earlier)} AS value FROM alerts
          WHERE created_at >= ${range.from} AND created_at < ${range.to} AND ${sql.ref(later)} IS NOT NULL AND ${sql.ref(earlier)} IS NOT NULL`,
      ),
      sql` UNION ALL `,
    );
    const { rows } = await rankedPercentiles(values, fractions).execute(this.db);
    return percentilesBySeries(rows, fractions);
  }
}
