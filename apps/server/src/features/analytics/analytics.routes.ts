import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsAccepted, ErrorReport, PageView, PerformanceMetric } from '@argus/contracts/http/analytics';
import type { AnalyticsKind } from './analytics.repository';
import type { AnalyticsIntakeService } from './analytics-intake.service';

/**
 * The three analytics posts of docs/specification.md. Public (the login page reports too) and
 * rate limited per address; the signed-in user is recorded when there is one.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsIntakeService }> = async (app, { analytics }) => {
  const schemas = { pageview: PageView, performance: PerformanceMetric, error: ErrorReport } as const;
  // As the API reference reads them ("Record a error event" read wrong).
  const summaries = {
    pageview: 'Record a page view',
    performance: 'Record a performance measurement',
    error: 'Record an error in the app',
  } as const;
  for (const kind of Object.keys(schemas) as AnalyticsKind[]) {
    app.post(
      `/analytics/${kind}`,
      {
        config: { access: 'public', csrf: false },
        schema: { summary: summaries[kind], body: schemas[kind], response: { 202: AnalyticsAccepted } },
      },
      async (request, reply) => {
        const body = request.body as { trackingId: string };
        await analytics.record(kind, {
          trackingId: body.trackingId,
          userId: request.auth?.user.id ?? null,
          site: request.site,
          payload: body,
        });
        return reply.status(202).send({ accepted: true as const });
      },
    );
  }
};
