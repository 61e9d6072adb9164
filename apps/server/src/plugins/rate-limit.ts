import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/app-error';

export interface RateLimitOptions {
  publicMax: number;
  sessionMax: number;
  windowMs: number;
}

/**
 * DESIGN decision 6: the seed's 100 requests per 15 minutes applies per address
 * to sign-in and other public calls; a signed-in session has its own, higher
 * budget so live dashboards keep working. Static files are not counted.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    timeWindow: options.windowMs,
    keyGenerator: (request) => (request.auth ? `session:${request.auth.session.id}` : `ip:${request.ip}`),
    max: (_request, key) => (key.startsWith('session:') ? options.sessionMax : options.publicMax),
    allowList: (request) => {
      const { access, addressLimit } = request.routeOptions.config;
      return access === undefined || (!request.auth && addressLimit !== undefined && !addressLimit(request));
    },
    errorResponseBuilder: () => new AppError('rate_limited'),
    // The budget is reported when it runs out (429 with Retry-After and these headers), not
    // on every answer: three headers on each poll of a live dashboard cost more than they tell.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
});
