import {
  ANALYTICS_BUCKETS,
  defaultBucket,
  type AnalyticsQuery,
  type ChartColumn,
  type ChartId,
  type ChartResponse,
} from '@argus/contracts/http/analytics';
import { alertRuleTitle } from '@argus/contracts/alert-rules';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { REPORT_KINDS, REPORT_STATUSES } from '@argus/contracts/reports';
import type { Clock } from '../../lib/clock';
import { RESPONSE_MILESTONES, type AnalyticsRange, type Fraction, type OperationalAnalyticsRepository } from './operational.repository';
import type { TelemetryRepository } from './telemetry.repository';
import { formatHours, formatMinutes, formatSeconds, iso, plural, readableTime, seriesKeys, topCategories } from './chart-format';

type Chart = Omit<ChartResponse, 'chart' | 'from' | 'to' | 'bucket' | 'includeExercise'> & { bucket?: ChartResponse['bucket'] };
type Row = ChartResponse['rows'][number];

const P50: Fraction = [1, 2];
const P75: Fraction = [3, 4];
const P90: Fraction = [9, 10];
const MINUTE = 60_000;

/** Histogram bins for time since assignment: upper edges in ms, the last bin open-ended. */
export const RESPONSE_BIN_EDGES = [1, 2, 5, 10, 20, 30, 60, 120].map((minutes) => minutes * MINUTE);
export const RESPONSE_BIN_LABELS = [
  'under 1 min',
  '1–2 min',
  '2–5 min',
  '5–10 min',
  '10–20 min',
  '20–30 min',
  '30–60 min',
  '1–2 h',
  '2 h or more',
];
export const MILESTONE_LABELS: Record<(typeof RESPONSE_MILESTONES)[number], string> = {
  acknowledged: 'Acknowledged',
  en_route: 'En route',
  on_scene: 'On scene',
  cleared: 'Cleared',
};
const LATENCY_LABELS: Record<string, string> = {
  event_to_ingest: 'Event → ingest',
  ingest_to_alert: 'Ingest → alert',
  alert_to_delivery: 'Alert → first delivery',
  alert_to_acknowledgement: 'Alert → acknowledgement',
};
/** The most categories drawn as their own series; the rest add up to "Other". */
const MAX_CATEGORIES = 8;
const MAX_UNITS = 20;
const MAX_PATHS = 20;
const MAX_ERRORS = 50;

/**
 * The analytics page's charts. Each is one table (columns, rows) from database aggregates; the
 * web app draws the chart, its accessible table and its CSV from that same table.
 */
export class AnalyticsService {
  constructor(
    private readonly operational: OperationalAnalyticsRepository,
    private readonly telemetry: TelemetryRepository,
    private readonly clock: Clock,
  ) {}

  async chart(id: ChartId, query: AnalyticsQuery): Promise<ChartResponse> {
    const range: AnalyticsRange = { from: query.from, to: query.to, includeExercise: query.includeExercise };
    const bucket = query.bucket ?? defaultBucket(query.to - query.from);
    const chart = await this.build(id, range, bucket);
    return {
      chart: id,
      from: query.from,
      to: query.to,
      includeExercise: query.includeExercise,
      bucket: chart.bucket ?? null,
      title: chart.title,
      summary: chart.summary,
      columns: chart.columns,
      rows: chart.rows,
    };
  }

  private build(id: ChartId, range: AnalyticsRange, bucket: 'hour' | 'day'): Promise<Chart> {
    switch (id) {
      case 'incidents-by-category':
        return this.incidentsOverTime(range, bucket, 'category');
      case 'incidents-by-severity':
        return this.incidentsOverTime(range, bucket, 'severity');
      case 'response-times':
        return this.responseTimes(range);
      case 'response-percentiles':
        return this.responsePercentiles(range);
      case 'unit-utilisation':
        return this.unitUtilisation(range);
      case 'reports':
        return this.reports(range);
      case 'alerts':
        return this.alerts(range);
      case 'alert-latency':
        return this.alertLatency(range);
      case 'page-views':
        return this.pageViews(range);
      case 'web-vitals':
        return this.webVitals(range);
      case 'client-errors':
        return this.clientErrors(range);
    }
  }

  /** Counts per bucket; every bucket of the range appears, empty ones as zero. */
  private async incidentsOverTime(range: AnalyticsRange, bucket: 'hour' | 'day', dimension: 'category' | 'severity'): Promise<Chart> {
    const size = ANALYTICS_BUCKETS[bucket];
    const counts = await this.operational.incidentCounts(range, size, dimension);
    const names = dimension === 'severity' ? [...INCIDENT_SEVERITIES] : topCategories(counts, MAX_CATEGORIES);
    const hasOther = dimension === 'category' && counts.some((count) => !names.includes(count.key));
    const labels = hasOther ? [...names, 'Other'] : names;
    const keys = seriesKeys(labels.length);
    const byBucket = new Map<number, Row>();
    for (let start = Math.floor(range.from / size) * size; start < range.to; start += size) {
      byBucket.set(start, Object.fromEntries([['bucket', iso(start)], ...keys.map((key) => [key, 0])]));
    }
    for (const count of counts) {
      const row = byBucket.get(count.bucket);
      if (!row) continue;
      const index = names.indexOf(count.key);
      const key = keys[index === -1 ? names.length : index]!;
      row[key] = (row[key] as number) + count.n;
    }
    const total = counts.reduce((sum, count) => sum + count.n, 0);
    const columns: ChartColumn[] = [
      { key: 'bucket', label: `${bucket === 'hour' ? 'Hour' : 'Day'} starting (UTC)`, role: 'category' },
      ...labels.map((label, index) => ({ key: keys[index]!, label, role: 'value' as const })),
    ];
    const busiest = [...byBucket.entries()].reduce<{ start: number; n: number }>(
      (best, [start, row]) => {
        const n = keys.reduce((sum, key) => sum + (row[key] as number), 0);
        return n > best.n ? { start, n } : best;
      },
      { start: 0, n: 0 },
    );
    const summary =
      total === 0
        ? 'No incidents were opened in this range.'
        : `${plural(total, 'incident')} opened, in ${byBucket.size} ${bucket === 'hour' ? 'hourly' : 'daily'} buckets by ${dimension}; the busiest ${bucket} began ${readableTime(busiest.start)} with ${busiest.n}.`;
    return { title: `Incidents over time by ${dimension}`, summary, bucket, columns, rows: [...byBucket.values()] };
  }

  private async responseTimes(range: AnalyticsRange): Promise<Chart> {
    const counts = await this.operational.responseHistogram(range, RESPONSE_BIN_EDGES);
    const keys = RESPONSE_MILESTONES;
    const rows: Row[] = RESPONSE_BIN_LABELS.map((label) => Object.fromEntries([['bin', label], ...keys.map((key) => [key, 0])]));
    for (const count of counts) rows[count.bin]![count.milestone] = count.n;
    const total = counts.filter((count) => count.milestone === 'on_scene').reduce((sum, count) => sum + count.n, 0);
    return {
      title: 'Response times: time from assignment to each milestone',
      summary:
        total === 0
          ? 'No assignment made in this range reached a milestone yet.'
          : `Distribution of the time from assignment to each milestone; ${plural(total, 'assignment')} reached the scene.`,
      columns: [
        { key: 'bin', label: 'Time since assignment', role: 'category' },
        ...keys.map((key) => ({ key, label: MILESTONE_LABELS[key], role: 'value' as const })),
      ],
      rows,
    };
  }

  private async responsePercentiles(range: AnalyticsRange): Promise<Chart> {
    const percentiles = await this.operational.responsePercentiles(range, [P50, P90]);
    const rows = RESPONSE_MILESTONES.map((milestone) =>
      percentileRow('milestone', MILESTONE_LABELS[milestone], percentiles.get(milestone), formatMinutes),
    );
    const onScene = percentiles.get('on_scene');
    return {
      title: 'Response times: median and 90th percentile (minutes)',
      summary: onScene
        ? `Half of the units reached the scene within ${formatMinutes(onScene.values[0]!)} minutes of assignment, nine in ten within ${formatMinutes(onScene.values[1]!)}.`
        : 'No unit reached a scene from an assignment made in this range.',
      columns: [
        { key: 'milestone', label: 'Milestone', role: 'category' },
        { key: 'p50', label: 'Median (min)', role: 'value' },
        { key: 'p90', label: '90th percentile (min)', role: 'value' },
        { key: 'n', label: 'Assignments', role: 'info' },
      ],
      rows,
    };
  }

  /** Busy hours per unit from its assignments' milestones, split by phase, as a share of the range. */
  private async unitUtilisation(range: AnalyticsRange): Promise<Chart> {
    const now = this.clock.now();
    const units = await this.operational.unitBusyTime(range, now, MAX_UNITS);
    const spanMs = Math.max(0, Math.min(range.to, now) - range.from);
    const rows = units.map((unit) => {
      const busy = unit.awaitingMs + unit.enRouteMs + unit.onSceneMs;
      return {
        unit: unit.callsign,
        awaiting: formatHours(unit.awaitingMs),
        enRoute: formatHours(unit.enRouteMs),
        onScene: formatHours(unit.onSceneMs),
        busy: formatHours(busy),
        share: spanMs === 0 ? 0 : Math.round((busy / spanMs) * 1000) / 10,
      };
    });
    return {
      title: 'Unit utilisation: hours on assignments',
      summary:
        rows.length === 0
          ? 'No unit worked an assignment in this range.'
          : `${plural(rows.length, 'unit')} worked assignments; the busiest, ${rows[0]!.unit}, was busy ${rows[0]!.busy} hours (${rows[0]!.share}% of the range).`,
      columns: [
        { key: 'unit', label: 'Unit', role: 'category' },
        { key: 'awaiting', label: 'Assigned, not moving (h)', role: 'value' },
        { key: 'enRoute', label: 'En route (h)', role: 'value' },
        { key: 'onScene', label: 'On scene (h)', role: 'value' },
        { key: 'busy', label: 'Busy (h)', role: 'info' },
        { key: 'share', label: 'Busy share of range (%)', role: 'info' },
      ],
      rows,
    };
  }

  private async reports(range: AnalyticsRange): Promise<Chart> {
    const counts = await this.operational.reportCounts(range);
    const rows: Row[] = REPORT_KINDS.map((kind) =>
      Object.fromEntries([['source', kind], ...REPORT_STATUSES.map((status) => [status, 0]), ['total', 0]]),
    );
    for (const count of counts) {
      const row = rows[REPORT_KINDS.indexOf(count.kind as never)];
      if (!row || !(REPORT_STATUSES as readonly string[]).includes(count.status)) continue;
      row[count.status] = count.n;
      row.total = (row.total as number) + count.n;
    }
    const total = rows.reduce((sum, row) => sum + (row.total as number), 0);
    return {
      title: 'Reports by source and verdict',
      summary:
        total === 0
          ? 'No reports were filed in this range.'
          : rows
              .map(
                (row) =>
                  `${String(row.source)}: ${plural(row.total as number, 'report')}, ${row.verified as number} verified, ${row.rejected as number} rejected`,
              )
              .join('; ') + '.',
      columns: [
        { key: 'source', label: 'Source', role: 'category' },
        ...REPORT_STATUSES.map((status) => ({ key: status, label: status.replace('_', ' '), role: 'value' as const })),
        { key: 'total', label: 'Total', role: 'info' },
      ],
      rows,
    };
  }

  private async alerts(range: AnalyticsRange): Promise<Chart> {
    const [counts, acks] = await Promise.all([
      this.operational.alertCounts(range),
      this.operational.alertAckPercentiles(range, [P50, P90]),
    ]);
    counts.sort((a, b) => b.n - a.n || a.rule.localeCompare(b.rule) || a.tier.localeCompare(b.tier));
    const rows = counts.map((count) => {
      const ack = acks.get(`${count.rule}|${count.tier}`);
      return {
        title: alertRuleTitle(count.rule),
        tier: count.tier,
        alerts: count.n,
        acknowledged: count.acknowledged,
        ackP50: ack?.values[0] != null ? formatMinutes(ack.values[0]) : null,
        ackP90: ack?.values[1] != null ? formatMinutes(ack.values[1]) : null,
        rule: count.rule,
      };
    });
    const total = rows.reduce((sum, row) => sum + row.alerts, 0);
    return {
      title: 'Alerts by rule and tier, with time to acknowledge',
      summary:
        total === 0
          ? 'No alerts were raised in this range.'
          : `${plural(total, 'alert')} from ${plural(rows.length, 'rule and tier', 'rules and tiers')}; the most, ${rows[0]!.alerts}, from ${rows[0]!.title} (${rows[0]!.tier}).`,
      // The title for people; the id last, for whoever reads the CSV by machine (it keeps the rule's stable id).
      columns: [
        { key: 'title', label: 'Rule', role: 'category' },
        { key: 'tier', label: 'Tier', role: 'info' },
        { key: 'alerts', label: 'Alerts', role: 'value' },
        { key: 'acknowledged', label: 'Acknowledged', role: 'value' },
        { key: 'ackP50', label: 'Median time to acknowledge (min)', role: 'info' },
        { key: 'ackP90', label: '90th percentile time to acknowledge (min)', role: 'info' },
        { key: 'rule', label: 'Rule id', role: 'id' },
      ],
      rows,
    };
  }

  private async alertLatency(range: AnalyticsRange): Promise<Chart> {
    const percentiles = await this.operational.alertLatencyPercentiles(range, [P50, P90]);
    const rows = Object.entries(LATENCY_LABELS).map(([step, label]) => percentileRow('step', label, percentiles.get(step), formatSeconds));
    return {
      title: 'Alert latency: median and 90th percentile (seconds)',
      summary:
        percentiles.size === 0
          ? 'No alert in this range has measured latencies.'
          : rows.map((row) => `${row.step}: median ${row.p50 ?? 'not measured'} s`).join('; ') + '.',
      columns: [
        { key: 'step', label: 'Step', role: 'category' },
        { key: 'p50', label: 'Median (s)', role: 'value' },
        { key: 'p90', label: '90th percentile (s)', role: 'value' },
        { key: 'n', label: 'Alerts measured', role: 'info' },
      ],
      rows,
    };
  }

  private async pageViews(range: AnalyticsRange): Promise<Chart> {
    const rows = await this.telemetry.pageViews(range, MAX_PATHS);
    return {
      title: 'Page views by path',
      summary:
        rows.length === 0
          ? 'No page views were recorded in this range.'
          : `The most viewed page was ${rows[0]!.path} with ${plural(rows[0]!.views, 'view')}.`,
      columns: [
        { key: 'path', label: 'Path', role: 'category' },
        { key: 'views', label: 'Views', role: 'value' },
        { key: 'visitors', label: 'Browser tabs', role: 'info' },
      ],
      rows,
    };
  }

  private async webVitals(range: AnalyticsRange): Promise<Chart> {
    const percentiles = await this.telemetry.webVitals(range, [P75]);
    const rows = [...percentiles.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([metric, { n, values }]) => ({ metric, p75: values[0] == null ? null : Math.round(values[0] * 1000) / 1000, samples: n }));
    return {
      title: 'Web vitals: 75th percentile per metric',
      summary:
        rows.length === 0
          ? 'No web-vital measurements were recorded in this range.'
          : rows.map((row) => `${row.metric} ${row.p75 ?? '—'}`).join(', ') +
            ' (75th percentile; CLS unitless, the others in milliseconds).',
      columns: [
        { key: 'metric', label: 'Metric', role: 'category' },
        { key: 'p75', label: '75th percentile', role: 'value' },
        { key: 'samples', label: 'Samples', role: 'info' },
      ],
      rows,
    };
  }

  private async clientErrors(range: AnalyticsRange): Promise<Chart> {
    const errors = await this.telemetry.clientErrors(range, MAX_ERRORS);
    return {
      title: 'Client errors by message',
      summary:
        errors.length === 0
          ? 'No client errors were reported in this range.'
          : `${plural(errors.length, 'distinct message')}; the most frequent was reported ${plural(errors[0]!.count, 'time')}.`,
      columns: [
        { key: 'message', label: 'Message', role: 'category' },
        { key: 'count', label: 'Count', role: 'value' },
        { key: 'lastSeen', label: 'Last seen (UTC)', role: 'info' },
      ],
      rows: errors.map((error) => ({ message: error.message, count: error.count, lastSeen: iso(error.lastSeen) })),
    };
  }
}

function percentileRow<K extends string>(
  key: K,
  label: string,
  entry: { n: number; values: (number | null)[] } | undefined,
  format: (ms: number) => number,
): Row {
  return {
    [key]: label,
    p50: entry?.values[0] != null ? format(entry.values[0]) : null,
    p90: entry?.values[1] != null ? format(entry.values[1]) : null,
    n: entry?.n ?? 0,
  };
}
