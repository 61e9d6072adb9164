import type { ErrorReport, PageView, PerformanceMetric } from '@argus/contracts/http/analytics';
import { ANALYTICS_PATHS } from '@argus/contracts/http/analytics-paths';
import { getTrackingId } from './tracking-id';

type Payload<T> = Omit<T, 'trackingId'>;

/**
 * Telemetry must never disturb the user: keepalive lets a post outlive page unload, and a
 * failure is only logged (docs/specification.md section 7).
 */
async function post(path: string, payload: object): Promise<void> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trackingId: getTrackingId(), ...payload }),
      credentials: 'same-origin',
      keepalive: true,
    });
    if (!response.ok) console.error(`Analytics post to ${path} failed with status ${response.status}`);
  } catch (error) {
    console.error(`Analytics post to ${path} failed`, error);
  }
}

export function postPageView(view: Payload<PageView>): Promise<void> {
  return post(ANALYTICS_PATHS.pageview, view);
}

export function postPerformanceMetric(metric: Payload<PerformanceMetric>): Promise<void> {
  return post(ANALYTICS_PATHS.performance, metric);
}

export function postErrorReport(report: Payload<ErrorReport>): Promise<void> {
  return post(ANALYTICS_PATHS.error, report);
}
