import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignmentListQuery,
  AssignmentListResponse,
  CancelDispatchRequest,
  DispatchListResponse,
  DispatchRequest,
  DispatchResponse,
  DispatchStatusRequest,
  ReassignDispatchRequest,
  ReassignDispatchResponse,
  UnitParams,
} from '@argus/contracts/http/units';
import { IncidentParams } from '@argus/contracts/http/incidents';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_AND_FIELD_ROLES } from '@argus/contracts/policies/visibility';
import { requireAuth } from '../../plugins/auth';
import type { DispatchService } from './dispatch.service';
import { presentAssignment, presentDispatch } from './dispatch.presenter';

/** Command assigns units; a unit's crew (or command) moves its assignment along. */
export const dispatchRoutes: FastifyPluginAsyncZod<{ dispatch: DispatchService }> = async (app, { dispatch }) => {
  app.get(
    '/dispatches',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: {
        summary: 'Assignments with their incident (a field unit sees its own units’)',
        querystring: AssignmentListQuery,
        response: { 200: AssignmentListResponse },
      },
    },
    async (request) => ({ assignments: (await dispatch.assignments(requireAuth(request).user, request.query)).map(presentAssignment) }),
  );

  app.post(
    '/incidents/:id/dispatch',
    {
      // Dispatching is operations, not administration: the administrators' MFA policy does not hold it up.
      config: { access: COMMAND_ROLES, administrative: false },
      schema: {
        summary: 'Assign units to an incident',
        params: IncidentParams,
        body: DispatchRequest,
        response: { 201: DispatchListResponse },
      },
    },
    async (request, reply) => {
      const rows = await dispatch.assign(request.params.id, request.body.unitIds, requireAuth(request).user.id);
      return reply.status(201).send({ dispatches: rows.map(presentDispatch) });
    },
  );

  app.post(
    '/dispatches/:id/status',
    {
      config: { access: [...COMMAND_ROLES, 'Field_Unit'] },
      schema: {
        summary: 'Acknowledge, en route, on scene, clear or cancel (idempotent by clientId)',
        params: UnitParams,
        body: DispatchStatusRequest,
        response: { 200: DispatchResponse },
      },
    },
    async (request) => ({
      dispatch: presentDispatch(await dispatch.setStatus(requireAuth(request).user, request.params.id, request.body)),
    }),
  );

  app.post(
    '/dispatches/:id/cancel',
    {
      config: { access: [...COMMAND_ROLES, 'Field_Unit'], administrative: false },
      schema: {
        summary: 'Recall a unit (command) or cancel your own unit’s assignment, with a reason; the unit is available again',
        params: UnitParams,
        body: CancelDispatchRequest,
        response: { 200: DispatchResponse },
      },
    },
    async (request) => ({
      dispatch: presentDispatch(await dispatch.cancel(requireAuth(request).user, request.params.id, request.body.reason)),
    }),
  );

  app.post(
    '/dispatches/:id/reassign',
    {
      config: { access: COMMAND_ROLES, administrative: false },
      schema: {
        summary: 'Move a unit to another incident in one step (cancelled here as "Reassigned to <reference>", assigned there)',
        params: UnitParams,
        body: ReassignDispatchRequest,
        response: { 200: ReassignDispatchResponse },
      },
    },
    async (request) => {
      const { cancelled, dispatch: made } = await dispatch.reassign(requireAuth(request).user, request.params.id, request.body.incidentId);
      return { cancelled: presentDispatch(cancelled), dispatch: presentDispatch(made) };
    },
  );
};
