/**
 * Where the browser posts its telemetry. A module of its own: every page posts page views from
 * the first load, and importing them from ./analytics.ts would bring all of the analytics page's
 * schemas into the first load with them.
 */
export const ANALYTICS_PATHS = {
  pageview: '/analytics/pageview',
  performance: '/analytics/performance',
  error: '/analytics/error',
} as const;
