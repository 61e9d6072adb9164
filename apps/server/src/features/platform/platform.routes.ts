import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse, LivenessResponse, StatusResponse } from '@argus/contracts/http/platform';
import type { PlatformService } from './platform.service';

/**
 * Liveness apart from readiness, and neither counted against the caller's request budget, so a
 * load balancer polling them never throttles sign-in from its address
 * (docs/decisions/0047-health-shutdown-and-built-starts.md).
 */
const probe = { access: 'public', rateLimited: false } as const;

export const platformRoutes: FastifyPluginAsyncZod<{ platform: PlatformService }> = async (app, { platform }) => {
  const ready = async (_request: unknown, reply: { code(status: number): unknown }) => {
    const health = await platform.health();
    reply.code(health.status === 'ok' ? 200 : 503);
    return health;
  };
  const readiness = { 200: HealthResponse, 503: HealthResponse };
  app.get(
    '/health',
    { config: probe, schema: { summary: 'Readiness: 503 while the database is unreachable', response: readiness } },
    ready,
  );
  app.get(
    '/health/ready',
    { config: probe, schema: { summary: 'Readiness: 503 while the database is unreachable', response: readiness } },
    ready,
  );
  app.get(
    '/health/live',
    { config: probe, schema: { summary: 'Liveness: 200 while the process runs', response: { 200: LivenessResponse } } },
    () => platform.liveness(),
  );
  app.get(
    '/status',
    {
      config: { access: 'public' },
      schema: { summary: 'Version, site type and the alert thresholds over the recent window', response: { 200: StatusResponse } },
    },
    (request) => platform.status(request.site),
  );
};
