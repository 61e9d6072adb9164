import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuery, SearchResponse } from '@argus/contracts/http/search';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import type { SearchService } from './search.service';

/** Full-text search for command and analysts, who may see every incident, report and message. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/search',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Full-text search over incidents, reports and messages',
        querystring: SearchQuery,
        response: { 200: SearchResponse },
      },
    },
    async (request) => ({ hits: await search.search(request.query) }),
  );
};
