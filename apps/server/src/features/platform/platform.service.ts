import { ALERT_THRESHOLDS } from '@argus/contracts/constants';
import type { HealthResponse, LivenessResponse, StatusResponse } from '@argus/contracts/http/platform';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@argus/contracts/product';
import type { SiteType } from '@argus/contracts/sites';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { RequestMetrics } from './request-metrics';

/** Health and status: what a monitor or the gateway landing pages ask. */
export class PlatformService {
  constructor(
    private readonly db: Db,
    private readonly metrics: RequestMetrics,
    private readonly clock: Clock,
    private readonly startedAt: number,
  ) {}

  /** Samples database reachability; run every 30 s (the health-check interval of docs/specification.md). */
  async sampleHealth(): Promise<boolean> {
    const ok = await this.db.ping();
    this.metrics.recordHealth(this.clock.now(), ok);
    return ok;
  }

  /** The process answers: no database call, so a slow database never makes it look dead. */
  liveness(): LivenessResponse {
    return { status: 'ok', version: PRODUCT_VERSION, uptimeSeconds: this.uptimeSeconds(), time: this.clock.now() };
  }

  /** Readiness: `degraded` (answered 503) while the database does not answer. */
  async health(): Promise<HealthResponse> {
    const up = await this.db.ping();
    return {
      status: up ? 'ok' : 'degraded',
      version: PRODUCT_VERSION,
      uptimeSeconds: this.uptimeSeconds(),
      database: up ? 'up' : 'down',
      time: this.clock.now(),
    };
  }

  async status(site: SiteType): Promise<StatusResponse> {
    const reachable = await this.db.ping();
    const figures = this.metrics.figures(this.clock.now());
    const errorRate = figures.errorRate;
    const p95 = figures.responseTimeP95Ms;
    const uptime = figures.uptime;
    const window = {
      seconds: this.metrics.windowMs / 1000,
      requests: figures.requests,
      errorRate: {
        value: errorRate,
        threshold: ALERT_THRESHOLDS.errorRate,
        breached: errorRate != null && errorRate > ALERT_THRESHOLDS.errorRate,
      },
      responseTimeP95Ms: {
        value: p95,
        threshold: ALERT_THRESHOLDS.responseTimeMs,
        breached: p95 != null && p95 > ALERT_THRESHOLDS.responseTimeMs,
      },
      uptime: { value: uptime, threshold: ALERT_THRESHOLDS.uptime, breached: uptime != null && uptime < ALERT_THRESHOLDS.uptime },
    };
    const breached: StatusResponse['breached'] = [];
    if (window.errorRate.breached) breached.push('errorRate');
    if (window.responseTimeP95Ms.breached) breached.push('responseTime');
    if (window.uptime.breached) breached.push('uptime');
    return {
      name: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      site,
      uptimeSeconds: this.uptimeSeconds(),
      database: { dialect: this.db.dialect, reachable },
      window,
      breached,
    };
  }

  private uptimeSeconds(): number {
    return Math.round((this.clock.now() - this.startedAt) / 1000);
  }
}
