import { createPrivateKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RATE_LIMIT, TOKENS } from '@argus/contracts/constants';
import { DEFAULT_SITE_HOSTS, type SiteHosts } from '@argus/contracts/sites';
import { EVIDENCE_MAX_BYTES } from '@argus/contracts/evidence';
import { BASEMAP_MAX_BYTES } from '@argus/contracts/http/basemaps';
import { DEVICE_TIME_DEFAULTS, type DeviceTimeWindow } from './lib/device-time';
import { parseFileStoreUrl, type FileStoreConfig } from './lib/file-stores/file-store-config';
import type { RetentionConfig } from './features/retention/retention.service';
import { TakEnv, takConfig, type TakConfig } from './features/tak/tak-config';
import { VideoEnv, videoConfig, type VideoConfig } from './media/video-config';
import { ConfigError } from './config-error';

const DAY_MS = 24 * 60 * 60_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const hostList = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : fallback,
    );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Where stored files live: disk (default), postgres, or s3://bucket/prefix (lib/file-stores/file-store-config.ts). */
  FILE_STORE_URL: z.string().optional(),
  /** Shares realtime channels between server processes; unset keeps them in this process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefixes every realtime key and topic, so deployments sharing one Redis never meet. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'letters, digits, ":", "_", "." and "-" only')
    .default('argus:realtime:'),
  WEB_DIST: z.string().optional(),
  /** Where users reach Argus; names the token issuer and OAuth redirects. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one short coloured line per request; json: one JSON object per line. Unset: pretty on a terminal outside production. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** The reverse proxies whose X-Forwarded-* headers are believed: addresses and CIDR ranges; unset or false: none. */
  TRUST_PROXY: z.string().optional().transform(trustedProxies),
  RATE_LIMIT_PUBLIC_MAX: z.coerce.number().int().positive().default(RATE_LIMIT.max),
  RATE_LIMIT_SESSION_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(RATE_LIMIT.max * 30),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(RATE_LIMIT.windowMs),
  /** Civic reports one address may file without an account per hour (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). */
  ANONYMOUS_REPORTS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Retention (docs/decisions/0051-device-sessions-and-retention.md): days each kind of row is kept, then deleted in batches. */
  RETENTION_IDEMPOTENCY_DAYS: z.coerce.number().positive().default(7),
  RETENTION_SESSIONS_DAYS: z.coerce.number().positive().default(30),
  RETENTION_REFRESH_TOKENS_DAYS: z.coerce.number().positive().default(30),
  RETENTION_TELEMETRY_DAYS: z.coerce.number().positive().default(90),
  RETENTION_TAK_CONTACTS_DAYS: z.coerce.number().positive().default(7),
  RETENTION_INTERVAL_MINUTES: z.coerce.number().positive().default(60),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** How long SIGTERM waits for requests in flight before closing their connections (docs/decisions/0047-health-shutdown-and-built-starts.md). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(10_000).default(10_000),
  /** Super_Admin and Command_Admin must reach aal2 before any administrative action. */
  MFA_REQUIRED_FOR_ADMINS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** One OpenID Connect provider for sign-in with PKCE; all three must be set together. */
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The name clients pass as `provider` to /auth/v1/authorize. */
  OIDC_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'lower-case letters, digits, _ and - only')
    .default('oidc'),
  /** Whether a provider's verified email links a new identity to the Argus user with that email. */
  OIDC_LINK_BY_EMAIL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Web Push's VAPID identity (docs/decisions/0043-the-field-phone-offline-and-attention.md); all
   * three together or none. `npx web-push generate-vapid-keys` makes a key pair.
   */
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be the base64url public key web-push generate-vapid-keys prints')
    .optional(),
  WEB_PUSH_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be the base64url private key web-push generate-vapid-keys prints')
    .optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address push services can reach the operator at')
    .optional(),
  /** Comma-separated addresses (origin, or origin and path prefix) a sign-in may return to. */
  OAUTH_REDIRECT_ALLOW_LIST: z.string().optional(),
  /** Refresh grants per token family (session) in five minutes. */
  REFRESH_FAMILY_MAX: z.coerce.number().int().positive().default(TOKENS.refreshPerFamily.max),
  /** How soon every node signs with a key `keys rotate` made on another (docs/decisions/0052-backups-and-shared-state.md). */
  KEY_RING_RELOAD_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  MAIN_HOSTS: hostList(DEFAULT_SITE_HOSTS.main),
  CIVIC_HOSTS: hostList(DEFAULT_SITE_HOSTS.civic),
  FIELD_HOSTS: hostList(DEFAULT_SITE_HOSTS.field),
  API_HOSTS: hostList(DEFAULT_SITE_HOSTS.api),
  STREAM_HOSTS: hostList(DEFAULT_SITE_HOSTS.stream),
  LEGACY_CIVIC_HOSTS: hostList(DEFAULT_SITE_HOSTS.legacyCivic),
  LEGACY_FIELD_HOSTS: hostList(DEFAULT_SITE_HOSTS.legacyField),
  PREVIEW_HOSTS: hostList(DEFAULT_SITE_HOSTS.preview),
  /** Raster tiles over the offline basemap: an XYZ template, absolute or on this origin. */
  MAP_TILE_URL: z
    .string()
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}')
    .refine((url) => url.startsWith('/') || /^https?:\/\//.test(url), 'must be an http(s) URL or a path on this server starting with /')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(0).max(24).default(19),
  /**
   * The object-detection model the surveillance page runs (docs/detection.md): a TensorFlow.js graph
   * model's JSON served by this server; its file name says which decoder applies (centernet or nanodet).
   */
  DETECTION_MODEL_URL: z
    .string()
    .regex(/^\/[A-Za-z0-9._~/-]+\.json$/, 'must be a path on this server starting with / and ending in .json')
    .refine(
      (url) => /centernet|nanodet/i.test(url.slice(url.lastIndexOf('/') + 1)),
      'the file name must contain "centernet" or "nanodet" so the detector knows how to read its output',
    )
    .default('/detection/centernet.json'),
  /**
   * The Ed25519 private key that signs audit checkpoints, as PKCS#8 PEM or its DER in base64;
   * unset: a key file under DATA_DIR, made on first start.
   */
  AUDIT_SIGNING_KEY: z.string().optional().transform(ed25519PrivateKey),
  /** The largest evidence upload in bytes. */
  EVIDENCE_MAX_BYTES: z.coerce.number().int().positive().default(EVIDENCE_MAX_BYTES),
  /** The largest basemap archive (PMTiles or MBTiles) in bytes. */
  BASEMAP_MAX_BYTES: z.coerce.number().int().positive().default(BASEMAP_MAX_BYTES),
  /** How far ahead of the server's clock a field action's occurredAt may be (docs/decisions/0042-device-time.md). */
  DEVICE_TIME_MAX_SKEW_MS: z.coerce.number().int().nonnegative().default(DEVICE_TIME_DEFAULTS.maxSkewMs),
  /** How old a field action's occurredAt may be when it arrives: a day in a dead zone by default. */
  DEVICE_TIME_MAX_AGE_MS: z.coerce.number().int().positive().default(DEVICE_TIME_DEFAULTS.maxAgeMs),
  ...VideoEnv,
  ...TakEnv,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  fileStore: FileStoreConfig;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  webDist: string;
  publicUrl: string;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  /** Addresses and ranges of the proxies Fastify may believe (proxy-addr syntax); null: none. */
  trustProxy: string[] | null;
  rateLimit: { publicMax: number; sessionMax: number; windowMs: number };
  anonymousReports: { max: number; windowMs: number };
  retention: RetentionConfig;
  /** The bound on finishing in-flight requests after SIGTERM, at most 10 s. */
  shutdownTimeoutMs: number;
  loginAddressMaxFailures: number;
  mfaRequiredForAdmins: boolean;
  refreshFamilyMax: number;
  /** How old the token signing keys held in memory may grow before they are read again. */
  keyRingReloadMs: number;
  oidc: { name: string; issuer: string; clientId: string; clientSecret: string; linkByEmail: boolean } | null;
  oauthRedirectAllowList: string[];
  /** Web Push's VAPID keys and contact; null: no push is sent. */
  webPush: { publicKey: string; privateKey: string; subject: string } | null;
  siteHosts: SiteHosts;
  /** An optional raster tile source for the maps; its origin is added to the CSP. */
  mapTiles: { url: string; attribution: string | null; maxZoom: number } | null;
  /** The object-detection model's JSON on this server (DETECTION_MODEL_URL). */
  detectionModelUrl: string;
  evidenceMaxBytes: number;
  basemapMaxBytes: number;
  /** The window a field action's occurredAt must fall in (docs/decisions/0042-device-time.md). */
  deviceTime: DeviceTimeWindow;
  /** The key that signs audit checkpoints when given by AUDIT_SIGNING_KEY; null: the key file under dataDir. */
  auditSigningKey: KeyObject | null;
  /** Live video: the ICE servers clients get, the embedded SFU's network settings and Janus. */
  video: VideoConfig;
  /** The CoT endpoint for TAK devices; tcpPort null: off. Its TLS side and enrolment: `tls`. */
  cot: TakConfig;
}

export { ConfigError };

/**
 * Reads and validates every environment variable once; nothing else reads process.env.
 * `terminal`: whether a person reads standard output, which picks the log format when unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): Config {
  // An empty variable means "not set", as shells and .env files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcParts > 0 && oidcParts < 3) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  const webPushParts = [e.WEB_PUSH_PUBLIC_KEY, e.WEB_PUSH_PRIVATE_KEY, e.WEB_PUSH_SUBJECT].filter(Boolean).length;
  if (webPushParts > 0 && webPushParts < 3) {
    throw new ConfigError('Invalid configuration:\n  WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT must be set together');
  }
  for (const entry of e.OAUTH_REDIRECT_ALLOW_LIST?.split(',')
    .map((value) => value.trim())
    .filter(Boolean) ?? []) {
    if (!URL.canParse(entry)) throw new ConfigError(`Invalid configuration:\n  OAUTH_REDIRECT_ALLOW_LIST: "${entry}" is not a URL`);
  }
  const fileStore = parseFileStoreUrl(e.FILE_STORE_URL, e.DATABASE_URL);
  if (typeof fileStore === 'string') throw new ConfigError(`Invalid configuration:\n  ${fileStore}`);
  const video = videoConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    fileStore,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    publicUrl,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal && e.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    rateLimit: { publicMax: e.RATE_LIMIT_PUBLIC_MAX, sessionMax: e.RATE_LIMIT_SESSION_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    anonymousReports: { max: e.ANONYMOUS_REPORTS_PER_HOUR, windowMs: 60 * 60_000 },
    retention: {
      idempotencyMs: e.RETENTION_IDEMPOTENCY_DAYS * DAY_MS,
      endedSessionsMs: e.RETENTION_SESSIONS_DAYS * DAY_MS,
      usedRefreshTokensMs: e.RETENTION_REFRESH_TOKENS_DAYS * DAY_MS,
      telemetryMs: e.RETENTION_TELEMETRY_DAYS * DAY_MS,
      takContactsMs: e.RETENTION_TAK_CONTACTS_DAYS * DAY_MS,
      intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
      batchSize: e.RETENTION_BATCH_SIZE,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    mfaRequiredForAdmins: e.MFA_REQUIRED_FOR_ADMINS,
    refreshFamilyMax: e.REFRESH_FAMILY_MAX,
    keyRingReloadMs: e.KEY_RING_RELOAD_MS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            name: e.OIDC_PROVIDER_NAME,
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            linkByEmail: e.OIDC_LINK_BY_EMAIL,
          }
        : null,
    oauthRedirectAllowList: e.OAUTH_REDIRECT_ALLOW_LIST?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean) ?? [publicUrl],
    webPush:
      e.WEB_PUSH_PUBLIC_KEY && e.WEB_PUSH_PRIVATE_KEY && e.WEB_PUSH_SUBJECT
        ? { publicKey: e.WEB_PUSH_PUBLIC_KEY, privateKey: e.WEB_PUSH_PRIVATE_KEY, subject: e.WEB_PUSH_SUBJECT }
        : null,
    detectionModelUrl: e.DETECTION_MODEL_URL,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? null, maxZoom: e.MAP_TILE_MAX_ZOOM } : null,
    evidenceMaxBytes: e.EVIDENCE_MAX_BYTES,
    basemapMaxBytes: e.BASEMAP_MAX_BYTES,
    deviceTime: { maxSkewMs: e.DEVICE_TIME_MAX_SKEW_MS, maxAgeMs: e.DEVICE_TIME_MAX_AGE_MS },
    auditSigningKey: e.AUDIT_SIGNING_KEY,
    video,
    cot: takConfig(e, publicUrl),
    siteHosts: {
      main: e.MAIN_HOSTS,
      civic: e.CIVIC_HOSTS,
      field: e.FIELD_HOSTS,
      api: e.API_HOSTS,
      stream: e.STREAM_HOSTS,
      legacyCivic: e.LEGACY_CIVIC_HOSTS,
      legacyField: e.LEGACY_FIELD_HOSTS,
      preview: e.PREVIEW_HOSTS,
    },
  };
}

/** proxy-addr's names for the private ranges (loopback 127.0.0.1/8 and ::1, and so on). */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const EXAMPLE =
  'list the addresses of your proxies, e.g. TRUST_PROXY=127.0.0.1 for a proxy on this machine or TRUST_PROXY=127.0.0.1,10.0.0.0/8 (addresses, CIDR ranges, or loopback, linklocal, uniquelocal), or false for none';

/**
 * Only the proxies themselves may be trusted: Fastify then reads X-Forwarded-For from the right,
 * stopping at the first address that is not one of them, so what a client wrote to the left of
 * its proxy's entry is never taken as its address. Trusting every hop (`true`) takes the left-most
 * entry, which the client chooses; a hop count cannot tell a proxy from a client that connects
 * directly (Fastify itself refuses to honour one).
 */
function trustedProxies(value: string | undefined, ctx: z.RefinementCtx): string[] | null {
  const refuse = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  const trimmed = value?.trim().toLowerCase();
  if (trimmed === undefined || trimmed === '' || trimmed === 'false') return null;
  if (trimmed === 'true')
    return refuse(`"true" trusted every hop, so any client could name its own address in X-Forwarded-For; ${EXAMPLE}`);
  if (/^\d+$/.test(trimmed)) return refuse(`a hop count cannot tell a proxy from a client that connects directly; ${EXAMPLE}`);
  const entries = list(trimmed);
  for (const entry of entries) {
    if (NAMED_RANGES.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0 || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      return refuse(`"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${NAMED_RANGES.join(', ')}`);
    }
    if (prefix !== undefined && Number(prefix) === 0)
      return refuse(`"${entry}" trusts every address, so any client could name its own; list only your proxies`);
  }
  return entries;
}

/** Accepts an Ed25519 private key as PKCS#8 PEM or as its DER in base64 (one line, easier in an env file). */
function ed25519PrivateKey(value: string | undefined, ctx: z.RefinementCtx): KeyObject | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  try {
    const key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // Not a private key at all; answered below with the same message.
  }
  ctx.issues.push({ code: 'custom', message: 'must be an Ed25519 private key, as PKCS#8 PEM or its DER in base64', input: value });
  return z.NEVER;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean) ?? [];

/**
 * What starts but is probably not meant, for the log at start: Janus without Redis serves video
 * through every node only when a balancer sends each peer's signalling to the node that took its
 * offer (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.video.janusUrls && !config.redisUrl)
    warnings.push(
      'MEDIA_SERVER=janus without REDIS_URL: a WHIP/WHEP PATCH or DELETE, an answer or a candidate reaching another node than the one that took the offer fails (404); set REDIS_URL when several nodes run.',
    );
  return warnings;
}
