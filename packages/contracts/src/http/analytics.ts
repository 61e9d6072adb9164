import { z } from 'zod';

/** Seed section 3's analytics payloads, each with a trackingId; nothing else is accepted. */
const trackingId = z.string().min(1).max(128);
const text = (max: number) => z.string().max(max);
const isoOrEpoch = z.union([z.string().max(64), z.number().nonnegative()]);

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
  message: text(4096),
  filename: text(2048).optional().default(''),
  line: z.number().int().nonnegative().optional().default(0),
  column: z.number().int().nonnegative().optional().default(0),
  stack: text(16_384).optional().default(''),
  timestamp: isoOrEpoch,
  url: text(2048),
  userAgent: text(1024),
});
export type ErrorReport = z.input<typeof ErrorReport>;

export const AnalyticsAccepted = z.object({ accepted: z.literal(true) });

export const ANALYTICS_PATHS = {
  pageview: '/analytics/pageview',
  performance: '/analytics/performance',
  error: '/analytics/error',
} as const;
