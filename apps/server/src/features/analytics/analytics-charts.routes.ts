import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsQuery, ChartResponse, OPERATIONAL_CHARTS, PLATFORM_CHARTS } from '@argus/contracts/http/analytics';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import type { AnalyticsService } from './analytics.service';

/** Command and analysts read the analytics page; nobody else. */

const OperationalParams = z.object({
  chart: z.enum(OPERATIONAL_CHARTS, { error: `chart must be one of ${OPERATIONAL_CHARTS.join(', ')}.` }),
});
const PlatformParams = z.object({ chart: z.enum(PLATFORM_CHARTS, { error: `chart must be one of ${PLATFORM_CHARTS.join(', ')}.` }) });

/** A chart's table for a range: one route per family, the chart named in the path. */
export const analyticsChartRoutes: FastifyPluginAsyncZod<{ charts: AnalyticsService }> = async (app, { charts }) => {
  app.get(
    '/analytics/operational/:chart',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'An operational chart for a range (from, to in epoch ms; bucket; includeExercise)',
        params: OperationalParams,
        querystring: AnalyticsQuery,
        response: { 200: ChartResponse },
      },
    },
    async (request) => charts.chart(request.params.chart, request.query),
  );

  app.get(
    '/analytics/platform/:chart',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'A platform telemetry chart for a range (from, to in epoch ms)',
        params: PlatformParams,
        querystring: AnalyticsQuery,
        response: { 200: ChartResponse },
      },
    },
    async (request) => charts.chart(request.params.chart, request.query),
  );
};
