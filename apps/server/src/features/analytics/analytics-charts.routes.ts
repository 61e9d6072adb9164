import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuery, ChartResponse, OPERATIONAL_CHARTS, PLATFORM_CHARTS, analyticsPath } from '@argus/contracts/http/analytics';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import type { AnalyticsService } from './analytics.service';

/** Command and analysts read the analytics page; nobody else. */
const READERS = [...COMMAND_ROLES, 'Intelligence_Analyst'] as const;

/** One GET per chart, each answering that chart's table for a range. */
export const analyticsChartRoutes: FastifyPluginAsyncZod<{ charts: AnalyticsService }> = async (app, { charts }) => {
  for (const chart of [...OPERATIONAL_CHARTS, ...PLATFORM_CHARTS]) {
    app.get(
      analyticsPath(chart),
      {
        config: { access: READERS },
        schema: { summary: `Analytics chart "${chart}" for a range (from, to in epoch ms; bucket; includeExercise)`, querystring: AnalyticsQuery, response: { 200: ChartResponse } },
      },
      async (request) => charts.chart(chart, request.query),
    );
  }
};
