import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { Window } from '../lib/fixed-windows';
import type { RateWindowStore } from '../lib/rate-windows';

export interface RateLimitOptions {
  publicMax: number;
  sessionMax: number;
  windowMs: number;
  /** In this process, or in Redis shared by every process (docs/decisions/0064-limits-and-previews-shared-between-processes.md). */
  store: RateWindowStore;
  /** The clock windows are counted on, in milliseconds. */
  now?: () => number;
}

/**
 * docs/decisions/0006-rate-limits-per-address-and-per-session.md: the 100 requests per
 * 15 minutes of docs/specification.md apply per address
 * to sign-in and other public calls; a signed-in session has its own, higher
 * budget so live dashboards keep working. Static files and basemap tiles are not counted.
 *
 * Counted synchronously in memory on every API request when this process counts alone
 * (@fastify/rate-limit awaited four promises per request, which measured as a tenth of what
 * /auth/me cost); with REDIS_URL one awaited script per request counts it for every process.
 * The budget is reported when it runs out (429 with Retry-After and the limit headers), not on
 * every answer: three headers on each poll of a live dashboard cost more than they tell.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  // Two counters rather than one with prefixed keys: the session id and the address are strings
  // already hashed by the engine, where a new prefixed string would be hashed on every request.
  const sessions = options.store.windows('requests-per-session', options.windowMs);
  const addresses = options.store.windows('requests-per-address', options.windowMs);
  const now = options.now ?? Date.now;

  app.addHook('preValidation', (request, reply, done) => {
    if (request.routeOptions.config.access === undefined || request.routeOptions.config.rateLimited === false) return done();
    const session = request.auth?.session.id;
    const max = session === undefined ? options.publicMax : options.sessionMax;
    const at = now();
    const answer = (window: Window) => {
      if (window.count <= max) return done();
      const retryAfter = String(Math.max(1, Math.ceil((window.endsAt - at) / 1000)));
      reply.header('retry-after', retryAfter);
      reply.header('x-ratelimit-limit', String(max));
      reply.header('x-ratelimit-remaining', '0');
      reply.header('x-ratelimit-reset', retryAfter);
      done(new AppError('rate_limited'));
    };
    const counted = session === undefined ? addresses.hit(request.ip, at) : sessions.hit(session, at);
    // Answered at once when counted here; a count in Redis is awaited (it never rejects: it falls back).
    if (counted instanceof Promise) void counted.then(answer, (error: Error) => done(error));
    else answer(counted);
  });
});
