import { z } from 'zod';
import { multiLineText, singleLineText } from './text';

// The analytics payloads of docs/specification.md section 3, each with a trackingId; nothing else is accepted.
const trackingId = singleLineText().min(1).max(128);
const text = (max: number) => singleLineText().max(max);
const isoOrEpoch = z.union([singleLineText().max(64), z.number().nonnegative()]);

export const PageView = z.strictObject({
  trackingId,
  path: text(2048).min(1),
  timestamp: isoOrEpoch,
  referrer: text(2048),
  userAgent: text(1024),
  domain: text(255),
});
export type PageView = z.infer<typeof PageView>;

export const PerformanceMetric = z.strictObject({
  trackingId,
  name: text(64).min(1),
  value: z.number().finite(),
  timestamp: isoOrEpoch,
  url: text(2048),
  userAgent: text(1024),
});
export type PerformanceMetric = z.infer<typeof PerformanceMetric>;

export const ErrorReport = z.strictObject({
  trackingId,
  message: multiLineText().max(4096),
  filename: text(2048).optional().default(''),
  line: z.number().int().nonnegative().optional().default(0),
  column: z.number().int().nonnegative().optional().default(0),
  stack: multiLineText().max(16_384).optional().default(''),
  timestamp: isoOrEpoch,
  url: text(2048),
  userAgent: text(1024),
});
export type ErrorReport = z.input<typeof ErrorReport>;

export const AnalyticsAccepted = z.object({ accepted: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// The analytics page: every chart is a table (columns and rows) aggregated in the database. The
// chart, its accessible table and its CSV are all drawn from that one table, so they cannot differ.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The widest range one request may cover, and the finest bucket allowed over long ranges. */
export const ANALYTICS_LIMITS = { maxRangeMs: 366 * DAY_MS, maxHourlyRangeMs: 31 * DAY_MS, hourlyUpToMs: 2 * DAY_MS } as const;
export const ANALYTICS_BUCKETS = { hour: HOUR_MS, day: DAY_MS } as const;
export type AnalyticsBucket = keyof typeof ANALYTICS_BUCKETS;

/** The picker's presets; "custom" sends its own from and to. */
export const ANALYTICS_PRESETS = {
  '24h': { label: 'Last 24 hours', ms: DAY_MS },
  '7d': { label: 'Last 7 days', ms: 7 * DAY_MS },
  '30d': { label: 'Last 30 days', ms: 30 * DAY_MS },
} as const;
export type AnalyticsPreset = keyof typeof ANALYTICS_PRESETS;

/** Hourly buckets up to two days, daily beyond: a readable number of bars either way. */
export function defaultBucket(rangeMs: number): AnalyticsBucket {
  return rangeMs <= ANALYTICS_LIMITS.hourlyUpToMs ? 'hour' : 'day';
}

const epoch = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a time in epoch milliseconds.` })
    .int(`${name} must be a whole number of milliseconds.`)
    .nonnegative(`${name} must not be before 1970.`);

export const AnalyticsQuery = z
  .object({
    from: epoch('from'),
    to: epoch('to'),
    bucket: z.enum(['hour', 'day'], { error: 'bucket is hour or day.' }).optional(),
    includeExercise: z
      .enum(['true', 'false'], { error: 'includeExercise is true or false.' })
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((query) => query.from < query.to, { message: 'from must be before to.', path: ['from'] })
  .refine((query) => query.to - query.from <= ANALYTICS_LIMITS.maxRangeMs, {
    message: 'The range can cover at most 366 days.',
    path: ['to'],
  })
  .refine((query) => query.bucket !== 'hour' || query.to - query.from <= ANALYTICS_LIMITS.maxHourlyRangeMs, {
    message: 'Hourly buckets need a range of 31 days or less.',
    path: ['bucket'],
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** Operational charts exclude exercise data unless asked; platform telemetry has none. */
export const OPERATIONAL_CHARTS = [
  'incidents-by-category',
  'incidents-by-severity',
  'response-times',
  'response-percentiles',
  'unit-utilisation',
  'reports',
  'alerts',
  'alert-latency',
] as const;
export const PLATFORM_CHARTS = ['page-views', 'web-vitals', 'client-errors'] as const;
export type OperationalChartId = (typeof OPERATIONAL_CHARTS)[number];
export type PlatformChartId = (typeof PLATFORM_CHARTS)[number];
export type ChartId = OperationalChartId | PlatformChartId;

export const analyticsPath = (chart: ChartId) =>
  (OPERATIONAL_CHARTS as readonly string[]).includes(chart) ? `/analytics/operational/${chart}` : `/analytics/platform/${chart}`;

export const ChartColumn = z.object({
  key: z.string(),
  label: z.string(),
  /**
   * "category" is the x axis or row label; "value" a plotted figure; "info" shown in the table only; "id" a stable
   * identifier kept for machines reading the CSV, shown small and muted in the table.
   */
  role: z.enum(['category', 'value', 'info', 'id']),
});
export type ChartColumn = z.infer<typeof ChartColumn>;

const Cell = z.union([z.string(), z.number(), z.null()]);
export type ChartCell = z.infer<typeof Cell>;

export const ChartResponse = z.object({
  chart: z.enum([...OPERATIONAL_CHARTS, ...PLATFORM_CHARTS]),
  title: z.string(),
  /** The chart in one or two sentences: its text alternative. */
  summary: z.string(),
  from: z.number(),
  to: z.number(),
  bucket: z.enum(['hour', 'day']).nullable(),
  includeExercise: z.boolean(),
  columns: z.array(ChartColumn),
  rows: z.array(z.record(z.string(), Cell)),
});
export type ChartResponse = z.infer<typeof ChartResponse>;

/** A cell as CSV: quoted when needed, and text a spreadsheet would run as a formula defused. */
function csvCell(value: ChartCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The chart's table as RFC 4180 CSV: a header of column labels, then its rows in order. */
export function chartToCsv(chart: Pick<ChartResponse, 'columns' | 'rows'>): string {
  const lines = [chart.columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of chart.rows) lines.push(chart.columns.map((column) => csvCell(row[column.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
