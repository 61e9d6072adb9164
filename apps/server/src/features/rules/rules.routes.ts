import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DetectionBatchRequest, DetectionBatchResponse, DetectionListQuery, DetectionListResponse } from '@argus/contracts/http/detections';
import { RuleListResponse, RuleParamsPath, RuleResponse, UpdateRuleRequest } from '@argus/contracts/http/rules';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { requireAuth } from '../../plugins/auth';
import type { DetectionsService } from './detections.service';
import { presentDetection, presentRule } from './rules.presenter';
import type { RulesService } from './rules.service';

/** Tuning rules is operations work, not administration. */
const COMMAND = { access: COMMAND_ROLES, administrative: false } as const;

export const rulesRoutes: FastifyPluginAsyncZod<{ rules: RulesService; detections: DetectionsService }> = async (
  app,
  { rules, detections },
) => {
  app.get(
    '/rules',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'The threat rules and their parameters', response: { 200: RuleListResponse } },
    },
    async () => ({
      rules: (await rules.list()).map(presentRule),
    }),
  );

  app.patch(
    '/rules/:id',
    {
      config: COMMAND,
      schema: {
        summary: 'Switch a threat rule on or off, rename it, or change its parameters',
        params: RuleParamsPath,
        body: UpdateRuleRequest,
        response: { 200: RuleResponse },
      },
    },
    async (request) => ({ rule: presentRule(await rules.update(requireAuth(request).user, request.params.id, request.body)) }),
  );

  app.post(
    '/detections',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Objects detected on one analysed frame of a camera feed',
        body: DetectionBatchRequest,
        response: { 201: DetectionBatchResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ detections: (await detections.record(requireAuth(request).user, request.body)).map(presentDetection) }),
  );

  app.get(
    '/detections',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Recent detections, newest first', querystring: DetectionListQuery, response: { 200: DetectionListResponse } },
    },
    async (request) => ({ detections: (await detections.list(request.query)).map(presentDetection) }),
  );
};
