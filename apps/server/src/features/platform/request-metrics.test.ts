import { describe, expect, it } from 'vitest';
import { RequestMetrics } from './request-metrics';

const WINDOW = 5 * 60_000;
const T0 = 1_800_000_000_000;

describe('RequestMetrics', () => {
  it('reports nothing before any request', () => {
    expect(new RequestMetrics(WINDOW).figures(T0)).toEqual({ requests: 0, errorRate: null, responseTimeP95Ms: null, uptime: null });
  });

  it('counts server errors, not client errors, in the error rate', () => {
    const metrics = new RequestMetrics(WINDOW);
    for (let i = 0; i < 90; i += 1) metrics.record(T0, 5, 200);
    for (let i = 0; i < 5; i += 1) metrics.record(T0, 5, 404);
    for (let i = 0; i < 5; i += 1) metrics.record(T0, 5, 503);
    expect(metrics.figures(T0)).toMatchObject({ requests: 100, errorRate: 0.05 });
  });

  it('finds the 95th percentile within 5% and never above the slowest request', () => {
    const metrics = new RequestMetrics(WINDOW);
    for (let ms = 1; ms <= 1000; ms += 1) metrics.record(T0 + ms, ms, 200);
    const { responseTimeP95Ms } = metrics.figures(T0 + 1000);
    expect(responseTimeP95Ms).toBeGreaterThanOrEqual(950);
    expect(responseTimeP95Ms).toBeLessThanOrEqual(950 * 1.05);

    const single = new RequestMetrics(WINDOW);
    single.record(T0, 2500, 200);
    expect(single.figures(T0).responseTimeP95Ms).toBe(2500);
  });

  it('forgets requests older than the window', () => {
    const metrics = new RequestMetrics(WINDOW);
    metrics.record(T0, 3000, 500);
    metrics.record(T0 + WINDOW - 20_000, 10, 200);
    expect(metrics.figures(T0 + WINDOW - 20_000).requests).toBe(2);
    const later = metrics.figures(T0 + WINDOW + 20_000);
    expect(later).toMatchObject({ requests: 1, errorRate: 0, responseTimeP95Ms: 10 });
    // A slot reused a full window later starts from zero.
    metrics.record(T0 + 2 * WINDOW, 7, 200);
    expect(metrics.figures(T0 + 2 * WINDOW)).toMatchObject({ requests: 1, responseTimeP95Ms: 7 });
  });

  it('judges uptime from health samples in the window', () => {
    const metrics = new RequestMetrics(WINDOW);
    metrics.recordHealth(T0 - 2 * WINDOW, false);
    metrics.recordHealth(T0, true);
    metrics.recordHealth(T0 + 30_000, true);
    metrics.recordHealth(T0 + 60_000, false);
    expect(metrics.figures(T0 + 60_000).uptime).toBeCloseTo(2 / 3);
  });
});
