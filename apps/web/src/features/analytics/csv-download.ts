import { chartToCsv, type ChartResponse } from '@argus/contracts/http/analytics';

/** A file name that says what and when: argus-<chart>-<from>-<to>.csv in UTC. */
export function csvFileName(chart: Pick<ChartResponse, 'chart' | 'from' | 'to'>): string {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[:]/g, '').replace('T', '-');
  return `argus-${chart.chart}-${stamp(chart.from)}-${stamp(chart.to)}.csv`;
}

/** Saves exactly the table the chart was drawn from. */
export function downloadChartCsv(chart: ChartResponse): void {
  const url = URL.createObjectURL(new Blob([chartToCsv(chart)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(chart);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has been handed to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
