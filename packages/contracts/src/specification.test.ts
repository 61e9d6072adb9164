import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEXT } from './catalogue';
import * as constants from './constants';
import { PRODUCT_NAME, PRODUCT_VERSION } from './product';

// The product specification, committed verbatim (docs/decisions/0010-specification-fixes-the-shell.md).
// Read unconditionally: a missing copy fails the run instead of skipping the comparisons. Only
// the text under its first heading counts, so our header note above it can satisfy nothing.
const specificationPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/specification.md');
const fixture = fs.readFileSync(specificationPath, 'utf8');
const specification = fixture.slice(fixture.indexOf('\n# ') + 1);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

// The specification says "the product name followed by ..." where we say Argus; drop it to compare.
const unbrand = (text: string) => text.replaceAll(`${PRODUCT_NAME} `, '');

describe('texts and constants against the specification', () => {
  it('every catalogue text appears in the specification verbatim', () => {
    const missing = strings(TEXT)
      .filter((text) => !['Retry', 'Reset', 'Go Home', 'Report Bug'].includes(text))
      .filter((text) => !specification.includes(text) && !specification.includes(unbrand(text)))
      // These two the specification gives by parts around "the product name"; checked whole below.
      .filter((text) => text !== TEXT.loading.defaultMessage && text !== TEXT.errorScreen.body);
    expect(missing).toEqual([]);
  });

  it('builds the texts that the specification gives by parts', () => {
    expect(TEXT.login.welcome('Ada')).toBe('Welcome Ada!');
    expect(TEXT.loading.defaultMessage).toBe('Initializing Argus Platform...');
    expect(TEXT.loading.progress(40)).toBe('40% Complete');
    expect(TEXT.errorScreen.title).toBe('Argus System Error');
    expect(TEXT.errorScreen.body).toBe('An unexpected error occurred in the Argus platform. Our team has been notified.');
    expect(specification).toContain(`version ${PRODUCT_VERSION}`);
  });

  it('has the specification section 9 figures', () => {
    const rows: [string, number][] = [
      ['| Session duration (custom session) | 15 minutes |', constants.SESSION.inactivityMs / 60_000],
      ['| Expiry check interval | 60 seconds |', constants.SESSION.expiryCheckIntervalMs / 1000],
      ['| Declared session timeout | 24 hours |', constants.SESSION.absoluteMs / 3_600_000],
      ['| Password minimum | 12 |', constants.PASSWORD_POLICY.minLength],
      ['| API retry attempts | 3 |', constants.API.retryAttempts],
      ['| Health check | every 30 s |', constants.HEALTH_CHECK_INTERVAL_MS / 1000],
      ['| Error screen retries | 3 |', constants.ERROR_SCREEN_MAX_RETRIES],
      ['| Screen reader message lifetime | 1 second |', constants.SCREEN_READER_MESSAGE_MS / 1000],
      ['| Toast removal delay | 1,000,000 ms |', constants.TOAST.removeDelayMs],
    ];
    for (const [row, value] of rows) {
      expect(specification).toContain(row);
      const figure = Number(/\d+/.exec(row.split('|')[2]!.replace(/,/g, ''))![0]);
      expect(value).toBe(figure);
    }
    expect(specification).toContain('| Login attempts / lockout | 5 / 15 minutes |');
    expect([constants.PASSWORD_POLICY.maxLoginAttempts, constants.PASSWORD_POLICY.lockoutMs / 60_000]).toEqual([5, 15]);
    expect(specification).toContain('| API timeout | 30 s default, 60 s streaming, 120 s upload |');
    expect([constants.API.timeoutMs, constants.API.streamingTimeoutMs, constants.API.uploadTimeoutMs]).toEqual([30_000, 60_000, 120_000]);
    expect(specification).toContain('| Rate limit | 100 requests per 15 minutes |');
    expect([constants.RATE_LIMIT.max, constants.RATE_LIMIT.windowMs]).toEqual([100, 900_000]);
    expect(specification).toContain('| Database connection timeout / maximum connections | 10 s / 20 |');
    expect(constants.DATABASE).toEqual({ connectionTimeoutMs: 10_000, maxConnections: 20 });
    expect(specification).toContain('| Alert thresholds | error rate 0.05, response time 2000 ms, uptime 0.99 |');
    expect(constants.ALERT_THRESHOLDS).toEqual({ errorRate: 0.05, responseTimeMs: 2000, uptime: 0.99 });
    expect(specification).toContain('| Data-request cache | fresh 5 minutes, kept 10 minutes, no refetch on window focus |');
    expect(constants.QUERY_CACHE).toEqual({ staleTimeMs: 300_000, gcTimeMs: 600_000, refetchOnWindowFocus: false });
    expect(specification).toContain('| Toast limit / display / swipe threshold | 1 / 5 s / 50 |');
    expect([constants.TOAST.limit, constants.TOAST.durationMs, constants.TOAST.swipeThreshold]).toEqual([1, 5000, 50]);
    expect(specification).toContain('| Font sizes | small 14px, medium 16px (default), large 18px |');
    expect(constants.FONT_SIZES).toEqual({ small: 14, medium: 16, large: 18 });
    expect(constants.DEFAULT_FONT_SIZE).toBe('medium');
    expect(specification).toContain('| Sidebar width | 16rem, large screens only |');
    expect(constants.SIDEBAR_WIDTH).toBe('16rem');
    expect(specification).toContain('| Cache timeout | 5 minutes |');
    expect(constants.CACHE_TIMEOUT_MS).toBe(300_000);
    expect(specification).toContain('| Auth refresh backoff | starts at 200 ms, doubling |');
    expect(constants.AUTH_REFRESH_BACKOFF).toEqual({ initialMs: 200, factor: 2 });
    expect(specification).toContain('| Error-reporting trace sample rate | 0.1 |');
    expect(specification).toContain('| Replay session sample rate / on-error rate | 0.1 / 1 |');
    expect(specification).toContain('| Replay event throttle | 300 events per 5 seconds |');
    expect(specification).toContain('| Replay breadcrumb / stop mutation limits | 750 / 10000; slow-click timeout 7000 ms |');
    expect(specification).toContain('| Recorded error and trace id sets | capped at 100 each |');
    expect(constants.TELEMETRY).toEqual({
      traceSampleRate: 0.1,
      replaySessionSampleRate: 0.1,
      replayOnErrorSampleRate: 1,
      replayEventThrottle: { events: 300, perMs: 5000 },
      replayBreadcrumbLimit: 750,
      replayStopMutationLimit: 10_000,
      slowClickTimeoutMs: 7000,
      recordedIdSetCap: 100,
    });
  });
});
