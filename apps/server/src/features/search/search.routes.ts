import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuery, SearchResponse, type SearchHit } from '@argus/contracts/http/search';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import type { Kysely } from 'kysely';
import { fullTextSearch, searchTerms } from '../../db/full-text';
import type { Database } from '../../db/schema';

/** Full-text search for command and analysts, who may see every incident, report and message. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/search',
    { config: { access: OPERATIONS_ROLES }, schema: { summary: 'Full-text search over incidents, reports and messages', querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (request) => {
      const hits = await fullTextSearch(db, searchTerms(request.query.q), request.query.kind, request.query.limit);
      return {
        hits: hits.map(
          (hit): SearchHit => ({ kind: hit.kind as SearchHit['kind'], id: hit.ref_id, title: hit.title, snippet: hit.snippet, at: Number(hit.at), incidentId: hit.incident_id }),
        ),
      };
    },
  );
};
