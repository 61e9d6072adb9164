import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, cookieName } from '@argus/contracts/http/auth';
import { AppError } from '../lib/app-error';
import { bearerToken } from '../lib/bearer-token';
import { safeEqual } from '../lib/tokens';
import type { AuditContext } from '../features/audit/audit.log';
import type { AuthService, NewSession, SessionLookup } from '../features/auth/auth.service';
import type { DeclaredRoute } from './types';
import { enforceDeviceAccess } from '../features/devices/device-access';
import { isAdminRole } from '@argus/contracts/roles';
import { awaitsSecondFactor, reachedSecondFactor, type MfaPolicy } from '../features/mfa/mfa-policy';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the auth plugin works with: sessions, bearer tokens, the second-factor policy and every declared route. */
export interface AuthPluginOptions {
  auth: AuthService;
  /** Verifies an access token and finds its session; rejects when the token is not valid. */
  bearer: (token: string) => Promise<SessionLookup>;
  mfaPolicy: MfaPolicy;
  routes: DeclaredRoute[];
}

/**
 * Resolves the session cookie on every request, then enforces CSRF and the
 * route's declared access before any handler runs. The server never trusts the
 * web app's route guard.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('authProblem', 'missing');
  app.decorateRequest('viaBearer', false);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) {
      if (!isPluginRoute(route.url)) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      return;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
      options.routes.push({ method, url: route.url, access, body: schema?.body, querystring: schema?.querystring, params: schema?.params });
    }
  });

  // Callback style, not async, and no closure made per request: a cached session is checked
  // without a promise, and this runs on every API request.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return done();
    const bearer = bearerToken(request.headers.authorization);
    const lookup =
      bearer !== null
        ? options.bearer(bearer)
        : options.auth.lookup(request.cookies[cookieName(SESSION_COOKIE, request.protocol === 'https')]);
    if (!(lookup instanceof Promise)) return settle(request, lookup, bearer !== null, options.mfaPolicy, done);
    // A stale token sent to a public route (sign-in, refresh) is simply not a session.
    lookup.then(
      (found) => settle(request, found, bearer !== null, options.mfaPolicy, done),
      (error: Error) =>
        access === 'public' ? settle(request, { status: 'missing' }, bearer !== null, options.mfaPolicy, done) : done(error),
    );
  });
});

/** Admits the request on what the lookup found, or ends it with the reason it may not go on. */
function settle(
  request: FastifyRequest,
  lookup: SessionLookup,
  viaBearer: boolean,
  policy: MfaPolicy,
  done: (error?: Error) => void,
): void {
  try {
    admit(request, lookup, viaBearer, policy);
  } catch (error) {
    return done(error as Error);
  }
  done();
}

function admit(request: FastifyRequest, lookup: SessionLookup, viaBearer: boolean, policy: MfaPolicy): void {
  if (lookup.status === 'valid') request.auth = lookup.resolved;
  else request.authProblem = viaBearer && lookup.status === 'missing' ? 'ended' : lookup.status;
  // A bearer token is never sent by the browser on its own, so it needs no CSRF token.
  const bearerSession = viaBearer && request.auth !== null;
  request.viaBearer = bearerSession;
  if (MUTATING.has(request.method) && request.routeOptions.config.csrf !== false && !bearerSession) checkCsrf(request);
  enforceAccess(request);
  // A wall display reads, a tracker reports positions (docs/decisions/0051-device-sessions-and-retention.md).
  const device = request.auth?.device;
  if (device && request.routeOptions.config.access !== 'public')
    enforceDeviceAccess(device.kind, request.method, request.routeOptions.url ?? '');
  enforceSecondFactor(request, policy);
}

/**
 * A session whose user has a verified factor does nothing but finish signing in until it
 * reaches aal2; administrative routes also need the factor the policy asks administrators for.
 */
function enforceSecondFactor(request: FastifyRequest, policy: MfaPolicy): void {
  const { auth } = request;
  const config = request.routeOptions.config;
  if (!auth || config.access === 'public' || reachedSecondFactor(auth)) return;
  if (awaitsSecondFactor(auth) && !config.beforeSecondFactor) throw new AppError('insufficient_aal');
  const administrative = config.administrative ?? (Array.isArray(config.access) && config.access.every(isAdminRole));
  if (administrative) {
    const block = policy.administrativeBlock(auth);
    if (block) throw new AppError(block);
  }
}

function isPluginRoute(url: string): boolean {
  // @fastify/static registers its own wildcard route; everything else must declare access.
  return url === '/*' || url === '*';
}

function checkCsrf(request: FastifyRequest): void {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  const cookie = request.cookies[cookieName(CSRF_COOKIE, request.protocol === 'https')];
  const sent = typeof header === 'string' ? header : '';
  if (!sent || !cookie || !safeEqual(sent, cookie)) throw new AppError('csrf_failed');
  if (request.auth && !safeEqual(sent, request.auth.session.csrf_token)) throw new AppError('csrf_failed');
}

const AUTH_PROBLEM_ERRORS = { expired: 'session_expired', missing: 'unauthenticated', ended: 'session_not_found' } as const;

function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (access === 'public' || access === undefined) return;
  if (!request.auth) throw new AppError(AUTH_PROBLEM_ERRORS[request.authProblem]);
  if (access === 'signed-in') return;
  if (!(access as readonly string[]).includes(request.auth.user.role)) throw new AppError('forbidden');
}

/** The signed-in session; routes that declare access other than 'public' can rely on it. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

export function auditContext(request: FastifyRequest): AuditContext {
  return {
    actorId: request.auth ? (request.auth.actor ?? request.auth.user).id : null,
    subjectId: request.auth?.user.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, created: NewSession): void {
  const secure = request.protocol === 'https';
  // As long as the session can last: 24 hours, or a device session's own limit.
  const { session } = created.resolved;
  const maxAge = Math.floor((session.absolute_expires_at - session.created_at) / 1000);
  reply.setCookie(cookieName(SESSION_COOKIE, secure), created.token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
  reply.setCookie(cookieName(CSRF_COOKIE, secure), created.csrfToken, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  reply.clearCookie(cookieName(SESSION_COOKIE, secure), { path: '/', secure });
  reply.clearCookie(cookieName(CSRF_COOKIE, secure), { path: '/', secure });
}
