import type { ChartId, ChartResponse } from '@argus/contracts/http/analytics';

/** How each chart is drawn: the table is the same whatever the picture. */
export type ChartKind = 'stacked-columns' | 'grouped-columns' | 'stacked-bars' | 'bars' | 'figures' | 'table';

export interface ChartLayout {
  kind: ChartKind;
  /** The unit of the plotted values, for the axis. */
  unit?: string;
  /** Fixed colours by series label for the dark theme and for high contrast (severity reads better as green → red). */
  colours?: { dark: Record<string, string>; contrast: Record<string, string> };
}

const SEVERITY = {
  dark: { low: '#69db7c', medium: '#ffd43b', high: '#ff922b', critical: '#ff6b6b' },
  contrast: { low: '#8cff9e', medium: '#ffff66', high: '#ffc078', critical: '#ffb3b3' },
};

export const CHART_LAYOUTS: Record<ChartId, ChartLayout> = {
  'incidents-by-category': { kind: 'stacked-columns', unit: 'incidents' },
  'incidents-by-severity': { kind: 'stacked-columns', unit: 'incidents', colours: SEVERITY },
  'response-times': { kind: 'grouped-columns', unit: 'assignments' },
  'response-percentiles': { kind: 'grouped-columns', unit: 'minutes' },
  'unit-utilisation': { kind: 'stacked-bars', unit: 'hours' },
  reports: { kind: 'stacked-columns', unit: 'reports' },
  // Bars across: rules are named by their titles, too long to stand side by side under columns.
  alerts: { kind: 'bars', unit: 'alerts' },
  'alert-latency': { kind: 'grouped-columns', unit: 'seconds' },
  'page-views': { kind: 'bars', unit: 'views' },
  'web-vitals': { kind: 'figures' },
  'client-errors': { kind: 'table' },
};

type Row = ChartResponse['rows'][number];

/** The label of a row on the category axis: its category cell, with the tier for alerts. */
export function rowLabel(chart: Pick<ChartResponse, 'chart' | 'columns' | 'bucket'>, row: Row): string {
  const category = chart.columns.find((column) => column.role === 'category');
  const value = category ? row[category.key] : null;
  if (chart.chart === 'alerts') return `${String(value)} (${String(row.tier)})`;
  if (category?.key === 'bucket' && typeof value === 'string') return formatBucket(value, chart.bucket);
  return String(value ?? '');
}

/** "14:00" for hours (with the day when it changes at midnight), "3 Nov" for days; both UTC. */
export function formatBucket(isoStart: string, bucket: ChartResponse['bucket']): string {
  const date = new Date(isoStart);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (bucket !== 'hour') return day;
  const hour = `${String(date.getUTCHours()).padStart(2, '0')}:00`;
  return date.getUTCHours() === 0 ? `${day} ${hour}` : hour;
}
