import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeAreaResponse, SetHomeAreaRequest } from '@argus/contracts/http/home-area';
import { HOME_AREA_MANAGERS, HOME_AREA_READERS, mayReadDerivedHomeArea } from '@argus/contracts/policies/home-area';
import { auditContext, requireAuth } from '../../plugins/auth';
import type { HomeAreaService } from './home-area.service';

/** /map/home-area: where every map with no subject of its own opens (docs/decisions/0058-home-area.md). */
export const homeAreaRoutes: FastifyPluginAsyncZod<{ homeArea: HomeAreaService }> = async (app, { homeArea }) => {
  app.get(
    '/map/home-area',
    {
      // Every map reads it, so the administrators' MFA policy does not hold it up.
      config: { access: HOME_AREA_READERS, administrative: false },
      schema: {
        summary: 'The home area maps open on: set by an administrator, derived from what is on the maps, or none',
        response: { 200: HomeAreaResponse },
      },
    },
    async (request) => homeArea.homeArea({ derived: mayReadDerivedHomeArea(requireAuth(request).user.role) }),
  );

  app.put(
    '/map/home-area',
    {
      config: { access: HOME_AREA_MANAGERS },
      schema: {
        summary: 'Set the home area (a box in degrees), or clear it with null',
        body: SetHomeAreaRequest,
        response: { 200: HomeAreaResponse },
      },
    },
    async (request) => homeArea.set(request.body, auditContext(request)),
  );
};
