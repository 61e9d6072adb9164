// docs/specification.md section 9, the business constants and limits, as numbers in their units.
const MINUTE = 60_000;

export const SESSION = {
  /** Sliding inactivity limit (the "custom session" of docs/specification.md). */
  inactivityMs: 15 * MINUTE,
  expiryCheckIntervalMs: 60_000,
  /** Declared session timeout: the absolute limit. */
  absoluteMs: 24 * 60 * MINUTE,
} as const;

/**
 * A crew's position reports keep its session open (docs/decisions/0051-device-sessions-and-retention.md):
 * only while its unit is on duty, for at most a shift after the last time someone touched the
 * phone, and written at most once a minute.
 */
export const FIELD_ACTIVITY = {
  capMs: 12 * 60 * MINUTE,
  writeEveryMs: MINUTE,
} as const;

export const PASSWORD_POLICY = {
  minLength: 12,
  requireStrong: true,
  /** zxcvbn score (0-4) a password must reach. */
  minStrengthScore: 3,
  maxLoginAttempts: 5,
  lockoutMs: 15 * MINUTE,
} as const;

export const API = {
  timeoutMs: 30_000,
  streamingTimeoutMs: 60_000,
  uploadTimeoutMs: 120_000,
  retryAttempts: 3,
} as const;

export const RATE_LIMIT = {
  max: 100,
  windowMs: 15 * MINUTE,
} as const;

export const CACHE_TIMEOUT_MS = 5 * MINUTE;

export const DATABASE = {
  connectionTimeoutMs: 10_000,
  maxConnections: 20,
} as const;

export const HEALTH_CHECK_INTERVAL_MS = 30_000;

export const ALERT_THRESHOLDS = {
  errorRate: 0.05,
  responseTimeMs: 2000,
  uptime: 0.99,
} as const;

export const QUERY_CACHE = {
  staleTimeMs: 5 * MINUTE,
  gcTimeMs: 10 * MINUTE,
  refetchOnWindowFocus: false,
} as const;

export const ERROR_SCREEN_MAX_RETRIES = 3;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeThreshold: 50,
  removeDelayMs: 1_000_000,
} as const;

export const AUTH_REFRESH_BACKOFF = { initialMs: 200, factor: 2 } as const;

export const FONT_SIZES = { small: 14, medium: 16, large: 18 } as const;
export type FontSize = keyof typeof FONT_SIZES;
export const DEFAULT_FONT_SIZE: FontSize = 'medium';

export const SIDEBAR_WIDTH = '16rem';

export const SCREEN_READER_MESSAGE_MS = 1000;

export const TELEMETRY = {
  traceSampleRate: 0.1,
  replaySessionSampleRate: 0.1,
  replayOnErrorSampleRate: 1,
  replayEventThrottle: { events: 300, perMs: 5000 },
  replayBreadcrumbLimit: 750,
  replayStopMutationLimit: 10_000,
  slowClickTimeoutMs: 7000,
  recordedIdSetCap: 100,
} as const;

/** The token API (/auth/v1): access tokens live as long as the inactivity limit they renew. */
export const TOKENS = {
  accessTtlMs: SESSION.inactivityMs,
  /** A retried refresh (the answer was lost on a weak signal) gets the same new token back. */
  refreshReuseWindowMs: 10_000,
  /** Per token family, not per address: many field units share one carrier address. */
  refreshPerFamily: { max: 30, windowMs: 5 * MINUTE },
  apiVersion: '2024-01-01',
} as const;

/** TOTP second factors: RFC 6238 with the authenticator apps' common parameters. */
export const MFA = {
  challengeTtlMs: 5 * MINUTE,
  totp: { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 },
  maxFailures: 5,
  failureWindowMs: 15 * MINUTE,
  recoveryCodeCount: 10,
} as const;
