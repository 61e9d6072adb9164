import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { jsonNumber, jsonText, jsonValues, percentilesBySeries } from './analytics.sql';
import type { Fraction, Percentiles } from './operational.repository';

interface Window {
  from: number;
  to: number;
}

/** Aggregates over the analytics payloads of docs/specification.md as stored (analytics_events), by time received. */
export class TelemetryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The most viewed paths, with how many distinct browser tabs (trackingIds) viewed each. */
  async pageViews(window: Window, limit: number): Promise<{ path: string; views: number; visitors: number }[]> {
    const path = jsonText(this.db, 'payload', 'path');
    const rows = await this.db
      .selectFrom('analytics_events')
      .select([
        path.as('path'),
        (eb) => eb.fn.countAll<number>().as('views'),
        (eb) => eb.fn.count<number>('tracking_id').distinct().as('visitors'),
      ])
      .where('kind', '=', 'pageview')
      .where('received_at', '>=', window.from)
      .where('received_at', '<', window.to)
      .groupBy(path)
      .orderBy('views', 'desc')
      .orderBy(path)
      .limit(limit)
      .execute();
    return rows.map((row) => ({ path: row.path ?? '', views: Number(row.views), visitors: Number(row.visitors) }));
  }

  /** Nearest-rank percentiles of each web-vital metric's values. */
  async webVitals(window: Window, fractions: readonly Fraction[]): Promise<Percentiles> {
    const name = jsonText(this.db, 'payload', 'name');
    const { rows } = await sql<{
      series: string;
      value_list: unknown;
    }>`SELECT ${name} AS series, ${jsonValues(this.db, jsonNumber(this.db, 'payload', 'value'))} AS value_list
      FROM analytics_events WHERE kind = 'performance' AND received_at >= ${window.from} AND received_at < ${window.to} GROUP BY ${name}`.execute(
      this.db,
    );
    return percentilesBySeries(
      rows.map((row) => [row.series, row.value_list] as const),
      fractions,
    );
  }

  /** Client errors grouped by message: how often, and when last seen. */
  async clientErrors(window: Window, limit: number): Promise<{ message: string; count: number; lastSeen: number }[]> {
    const message = jsonText(this.db, 'payload', 'message');
    const rows = await this.db
      .selectFrom('analytics_events')
      .select([message.as('message'), (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('received_at').as('last_seen')])
      .where('kind', '=', 'error')
      .where('received_at', '>=', window.from)
      .where('received_at', '<', window.to)
      .groupBy(message)
      .orderBy('count', 'desc')
      .orderBy('last_seen', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ message: row.message ?? '', count: Number(row.count), lastSeen: Number(row.last_seen) }));
  }
}
