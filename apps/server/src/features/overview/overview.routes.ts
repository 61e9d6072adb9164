import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OverviewResponse } from '@argus/contracts/http/overview';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import type { OverviewService } from './overview.service';

/** GET /overview: the live counts on the home page, for command and analysts. */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  app.get(
    '/overview',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Open incidents by severity, units by status, reports awaiting triage, new alerts',
        response: { 200: OverviewResponse },
      },
    },
    () => overview.counts(),
  );
};
