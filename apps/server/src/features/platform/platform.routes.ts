import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse, StatusResponse } from '@argus/contracts/http/platform';
import type { PlatformService } from './platform.service';

export const platformRoutes: FastifyPluginAsyncZod<{ platform: PlatformService }> = async (app, { platform }) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { summary: 'Liveness and database reachability', response: { 200: HealthResponse } } },
    () => platform.health(),
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
