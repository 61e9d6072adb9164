import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUnitRequest,
  SosRequest,
  UnitListQuery,
  UnitListResponse,
  UnitParams,
  UnitPositionBatchRequest,
  UnitPositionBatchResponse,
  UnitPositionRequest,
  UnitResponse,
  UnitStatusRequest,
} from '@argus/contracts/http/units';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_AND_FIELD_ROLES } from '@argus/contracts/policies/visibility';
import { requireAuth } from '../../plugins/auth';
import { presentUnit } from './units.presenter';
import type { UnitsService } from './units.service';
import type { FieldActivity } from '../auth/field-activity';

const CREWS = [...COMMAND_ROLES, 'Field_Unit'] as const;

/** Units: command creates them; crews and command move them; field units see only their own. */
export const unitsRoutes: FastifyPluginAsyncZod<{ units: UnitsService; activity: FieldActivity }> = async (app, { units, activity }) => {
  app.get(
    '/units',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: {
        summary: 'Units by callsign, filtered (a field unit sees the ones it crews)',
        querystring: UnitListQuery,
        response: { 200: UnitListResponse },
      },
    },
    async (request) => {
      const { units: rows, nextCursor } = await units.list(requireAuth(request).user, request.query);
      return { units: rows.map(presentUnit), nextCursor };
    },
  );

  app.post(
    '/units',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Create a unit with its crew', body: CreateUnitRequest, response: { 201: UnitResponse } },
    },
    async (request, reply) => reply.status(201).send({ unit: presentUnit(await units.create(request.body)) }),
  );

  app.post(
    '/units/:id/status',
    {
      config: { access: CREWS },
      schema: {
        summary: 'Set a unit status (idempotent by clientId)',
        params: UnitParams,
        body: UnitStatusRequest,
        response: { 200: UnitResponse },
      },
    },
    async (request) => ({ unit: presentUnit(await units.setStatus(requireAuth(request).user, request.params.id, request.body)) }),
  );

  app.post(
    '/units/:id/position',
    {
      config: { access: CREWS },
      schema: {
        summary: 'Report a unit position (idempotent by clientId)',
        params: UnitParams,
        body: UnitPositionRequest,
        response: { 200: UnitResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const unit = await units.setPosition(auth.user, request.params.id, request.body);
      // A crew on duty posting positions is active (docs/decisions/0051-device-sessions-and-retention.md).
      await activity.positionsReported(auth, [unit]);
      return { unit: presentUnit(unit) };
    },
  );

  app.post(
    '/units/positions',
    {
      config: { access: CREWS },
      schema: {
        summary: 'Report positions of several units at once (each idempotent by clientId, each answered on its own)',
        body: UnitPositionBatchRequest,
        response: { 200: UnitPositionBatchResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const outcomes = await units.setPositions(auth.user, request.body.positions);
      await activity.positionsReported(
        auth,
        outcomes.flatMap((outcome) => (outcome.ok ? [outcome.unit] : [])),
      );
      return { results: outcomes.map((outcome) => (outcome.ok ? { ...outcome, unit: presentUnit(outcome.unit) } : outcome)) };
    },
  );

  app.post(
    '/units/:id/sos',
    {
      config: { access: CREWS, administrative: false },
      schema: {
        summary: 'SOS: a sticky emergency and a critical alert (idempotent by clientId)',
        params: UnitParams,
        body: SosRequest,
        response: { 200: UnitResponse },
      },
    },
    async (request) => ({ unit: presentUnit(await units.raiseSos(requireAuth(request).user, request.params.id, request.body)) }),
  );

  app.post(
    '/units/:id/sos/clear',
    {
      config: { access: COMMAND_ROLES, administrative: false },
      schema: { summary: 'Clear a unit’s emergency (command only)', params: UnitParams, response: { 200: UnitResponse } },
    },
    async (request) => ({ unit: presentUnit(await units.clearSos(request.params.id)) }),
  );

  app.post(
    '/units/:id/sos/acknowledge',
    {
      config: { access: COMMAND_ROLES, administrative: false },
      schema: {
        summary: 'Acknowledge a unit’s SOS: the crew sees who saw it and when (command only)',
        params: UnitParams,
        response: { 200: UnitResponse },
      },
    },
    async (request) => ({ unit: presentUnit(await units.acknowledgeSos(requireAuth(request).user, request.params.id)) }),
  );
};
