import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SendOfflineAreaRequest,
  SentOfflineAreaListResponse,
  SentOfflineAreaParams,
  SentOfflineAreaResponse,
} from '@argus/contracts/http/offline-areas';
import { UnitParams } from '@argus/contracts/http/units';
import { OFFLINE_AREA_SENDERS } from '@argus/contracts/policies/offline-areas';
import { OPERATIONS_AND_FIELD_ROLES } from '@argus/contracts/policies/visibility';
import { auditContext, requireAuth } from '../../plugins/auth';
import { presentSentOfflineArea } from './offline-areas.presenter';
import type { OfflineAreasService } from './offline-areas.service';

/**
 * Map areas sent to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md): command
 * sends and withdraws them; the unit's crew and command read them (another unit's crew gets 404).
 */
export const offlineAreasRoutes: FastifyPluginAsyncZod<{ offlineAreas: OfflineAreasService }> = async (app, { offlineAreas }) => {
  app.get(
    '/units/:id/offline-areas',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: {
        summary: 'The map areas sent to a unit’s phone, oldest first',
        params: UnitParams,
        response: { 200: SentOfflineAreaListResponse },
      },
    },
    async (request) => ({ areas: (await offlineAreas.list(requireAuth(request).user, request.params.id)).map(presentSentOfflineArea) }),
  );

  app.post(
    '/units/:id/offline-areas',
    {
      config: { access: OFFLINE_AREA_SENDERS },
      schema: {
        summary: 'Send a map area to a unit’s phone, to be saved there for use with no signal',
        params: UnitParams,
        body: SendOfflineAreaRequest,
        response: { 201: SentOfflineAreaResponse },
      },
    },
    async (request, reply) => {
      const row = await offlineAreas.send(requireAuth(request).user, request.params.id, request.body, auditContext(request));
      return reply.status(201).send({ area: presentSentOfflineArea(row) });
    },
  );

  app.delete(
    '/units/:id/offline-areas/:areaId',
    {
      config: { access: OFFLINE_AREA_SENDERS },
      schema: { summary: 'Withdraw a map area; the phone deletes its tiles', params: SentOfflineAreaParams },
    },
    async (request, reply) => {
      await offlineAreas.withdraw(requireAuth(request).user, request.params.id, request.params.areaId, auditContext(request));
      return reply.status(204).send();
    },
  );
};
