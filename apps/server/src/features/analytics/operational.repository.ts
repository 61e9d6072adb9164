import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { ACTIVE_DISPATCH_STATUSES } from '../dispatch/dispatch.repository';
import { bucketStart, jsonNumber, jsonValues, overlapMs, percentilesBySeries } from './analytics.sql';

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
  async incidentCounts(
    range: AnalyticsRange,
    bucketMs: number,
    dimension: 'category' | 'severity',
  ): Promise<{ bucket: number; key: string; n: number }[]> {
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

  /**
   * Counts of milestone times (since assignment) per milestone and histogram bin: one aggregate
   * over an index range with a conditional sum per milestone and bin, so nothing is sorted and
   * the range is read once for all four milestones (a NULL time, a milestone not reached, falls
   * in no bin).
   */
  async responseHistogram(
    range: AnalyticsRange,
    binEdgesMs: readonly number[],
  ): Promise<{ milestone: ResponseMilestone; bin: number; n: number }[]> {
    const milestone = (name: string) => jsonNumber(this.db, 'dispatches.milestones', name);
    const assigned = milestone('assigned');
    const sums = RESPONSE_MILESTONES.flatMap((name) => {
      const value = sql<number>`(${milestone(name)} - ${assigned})`;
      return [...binEdgesMs, null].map((edge, bin) => {
        const above = bin === 0 ? sql`1 = 1` : sql`${value} >= ${sql.lit(binEdgesMs[bin - 1]!)}`;
        const below = edge === null ? sql`1 = 1` : sql`${value} < ${sql.lit(edge)}`;
        return sql`SUM(CASE WHEN ${above} AND ${below} THEN 1 ELSE 0 END) AS ${sql.ref(`${name}_${bin}`)}`;
      });
    });
    const { rows } = await sql<Record<string, number | string | null>>`SELECT ${sql.join(sums)} FROM dispatches
      WHERE dispatches.created_at >= ${range.from} AND dispatches.created_at < ${range.to} AND ${assigned} IS NOT NULL ${this.exerciseFilter(range)}`.execute(
      this.db,
    );
    return RESPONSE_MILESTONES.flatMap((name) =>
      binEdgesMs.concat(0).map((_, bin) => ({ milestone: name, bin, n: Number(rows[0]?.[`${name}_${bin}`] ?? 0) })),
    );
  }

  /**
   * Nearest-rank percentiles of milestone times (since assignment) per milestone: one index range
   * scan gathers every milestone's values at once, and the ranks are picked in JS. Sorting in the
   * database instead (a window function, or ORDER BY … OFFSET per percentile) cost several
   * scans and sorts (bench/README.md, analytics-queries).
   */
  async responsePercentiles(range: AnalyticsRange, fractions: readonly Fraction[]): Promise<Percentiles> {
    const milestone = (name: string) => jsonNumber(this.db, 'dispatches.milestones', name);
    const assigned = milestone('assigned');
    const columns = RESPONSE_MILESTONES.map(
      (name) => sql`${jsonValues(this.db, sql<number>`(${milestone(name)} - ${assigned})`)} AS ${sql.ref(name)}`,
    );
    const { rows } = await sql<Record<ResponseMilestone, unknown>>`SELECT ${sql.join(columns)} FROM dispatches
      WHERE dispatches.created_at >= ${range.from} AND dispatches.created_at < ${range.to} AND ${assigned} IS NOT NULL ${this.exerciseFilter(range)}`.execute(
      this.db,
    );
    return percentilesBySeries(
      RESPONSE_MILESTONES.map((name) => [name, rows[0]?.[name]] as const),
      fractions,
    );
  }

  /** Leaves out assignments to exercise incidents: a small set, found by a partial index. */
  private exerciseFilter(range: AnalyticsRange): RawBuilder<unknown> {
    return range.includeExercise ? sql`` : sql`AND dispatches.incident_id NOT IN (SELECT id FROM incidents WHERE exercise = 1)`;
  }

  /**
   * Time each unit spent on assignments inside the range, split by phase: awaiting (assigned or
   * acknowledged), en route, on scene. An assignment still open counts up to `now`.
   */
  async unitBusyTime(range: AnalyticsRange, now: number, limit: number): Promise<UnitBusyRow[]> {
    const milestone = (name: string) => jsonNumber(this.db, 'dispatches.milestones', name);
    // Literals, matching the partial index dispatches_open_idx of migration 0014.
    const active = sql.join(ACTIVE_DISPATCH_STATUSES.map((status) => sql.lit(status)));
    const columns = sql`dispatches.unit_id AS unit_id, ${milestone('assigned')} AS assigned, ${milestone('en_route')} AS en_route,
      ${milestone('on_scene')} AS on_scene, COALESCE(${milestone('cleared')}, ${milestone('cancelled')}, ${sql.lit(now)}) AS finished`;
    // Three disjoint index ranges cover every assignment busy inside the range: made in it; made
    // before it and last changed in or after it (an ended one changed last when it ended); made
    // and last changed before it but still open.
    const parts = [
      sql`dispatches.created_at >= ${range.from} AND dispatches.created_at < ${range.to}`,
      sql`dispatches.created_at < ${range.from} AND dispatches.updated_at >= ${range.from}`,
      sql`dispatches.created_at < ${range.from} AND dispatches.updated_at < ${range.from} AND dispatches.status IN (${active})`,
    ].map((where) => sql`SELECT ${columns} FROM dispatches WHERE ${where} ${this.exerciseFilter(range)}`);
    const awaiting = overlapMs(sql`d.assigned`, sql`COALESCE(d.en_route, d.on_scene, d.finished)`, range.from, range.to);
    const enRoute = overlapMs(sql`d.en_route`, sql`COALESCE(d.on_scene, d.finished)`, range.from, range.to);
    const onScene = overlapMs(sql`d.on_scene`, sql`d.finished`, range.from, range.to);
    const { rows } = await sql<{ unit_id: string; callsign: string; awaiting: number; en_route: number; on_scene: number }>`
      WITH d AS (${sql.join(parts, sql` UNION ALL `)}),
      busy AS (
        SELECT unit_id, SUM(${awaiting}) AS awaiting, SUM(${enRoute}) AS en_route, SUM(${onScene}) AS on_scene FROM d GROUP BY unit_id
      )
      SELECT busy.unit_id, units.callsign, busy.awaiting, busy.en_route, busy.on_scene
      FROM busy INNER JOIN units ON units.id = busy.unit_id
      WHERE busy.awaiting + busy.en_route + busy.on_scene > 0
      ORDER BY busy.awaiting + busy.en_route + busy.on_scene DESC, units.callsign
      LIMIT ${sql.lit(limit)}`.execute(this.db);
    return rows.map((row) => ({
      unitId: row.unit_id,
      callsign: row.callsign,
      awaitingMs: Number(row.awaiting),
      enRouteMs: Number(row.en_route),
      onSceneMs: Number(row.on_scene),
    }));
  }

  /** Reports per source and status; a report attached to an exercise incident is exercise data. */
  async reportCounts(range: AnalyticsRange): Promise<{ kind: string; status: string; n: number }[]> {
    let query = this.db
      .selectFrom('reports')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .groupBy(['kind', 'status']);
    if (!range.includeExercise) {
      query = query.where((eb) =>
        eb.or([
          eb('incident_id', 'is', null),
          eb('incident_id', 'not in', eb.selectFrom('incidents').select('id').where('exercise', '=', 1)),
        ]),
      );
    }
    const rows = await query.execute();
    return rows.map((row) => ({ kind: row.kind, status: row.status, n: Number(row.n) }));
  }

  /** Alerts raised in the range per rule and tier, with how many were acknowledged. */
  async alertCounts(
    range: Pick<AnalyticsRange, 'from' | 'to'>,
  ): Promise<{ rule: string; tier: string; n: number; acknowledged: number }[]> {
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
    const { rows } = await sql<{
      series: string;
      value_list: unknown;
    }>`SELECT rule || '|' || tier AS series, ${jsonValues(this.db, sql<number>`acknowledged_at - created_at`)} AS value_list
      FROM alerts WHERE created_at >= ${range.from} AND created_at < ${range.to} AND acknowledged_at IS NOT NULL GROUP BY rule, tier`.execute(
      this.db,
    );
    return percentilesBySeries(
      rows.map((row) => [row.series, row.value_list] as const),
      fractions,
    );
  }

  /** Percentiles of each step of an alert's life: event → ingest → alert → first delivery, and alert → acknowledgement; one scan for all four. */
  async alertLatencyPercentiles(range: Pick<AnalyticsRange, 'from' | 'to'>, fractions: readonly Fraction[]): Promise<Percentiles> {
    const steps = [
      ['event_to_ingest', 'ingested_at', 'event_at'],
      ['ingest_to_alert', 'created_at', 'ingested_at'],
      ['alert_to_delivery', 'first_delivered_at', 'created_at'],
      ['alert_to_acknowledgement', 'acknowledged_at', 'created_at'],
    ] as const;
    const columns = steps.map(
      ([name, later, earlier]) => sql`${jsonValues(this.db, sql<number>`${sql.ref(later)} - ${sql.ref(earlier)}`)} AS ${sql.ref(name)}`,
    );
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join(columns)} FROM alerts WHERE created_at >= ${range.from} AND created_at < ${range.to}`.execute(this.db);
    return percentilesBySeries(
      steps.map(([name]) => [name, rows[0]?.[name]] as const),
      fractions,
    );
  }
}
