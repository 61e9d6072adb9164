import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertListQuery,
  AlertListResponse,
  AlertParams,
  AlertResponse,
  DismissAlertRequest,
  PublicAlertListResponse,
  PublicAlertQuery,
  PublishAlertRequest,
} from '@argus/contracts/http/alerts';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { presentAlert } from './alerts.presenter';
import type { AlertsService } from './alerts.service';

/** Acknowledging and publishing alerts is operations work, not administration. */
const COMMAND = { access: COMMAND_ROLES, administrative: false } as const;

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  app.get(
    '/alerts',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Alerts, newest first, filtered and paged', querystring: AlertListQuery, response: { 200: AlertListResponse } },
    },
    async (request) => {
      const { rows, nextCursor } = await alerts.list(request.query);
      return { alerts: rows.map(presentAlert), nextCursor };
    },
  );

  app.get(
    '/alerts/public',
    {
      // Anyone may register as a civic reporter and read these, so the civic site shows them without an account too
      // (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
      config: { access: 'public' },
      schema: {
        summary: 'Open public safety alerts near a point',
        querystring: PublicAlertQuery,
        response: { 200: PublicAlertListResponse },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      if ((lat === undefined) !== (lon === undefined)) throw new AppError('validation_failed', 'Send both lat and lon, or neither.');
      return { alerts: (await alerts.listPublic(lat !== undefined && lon !== undefined ? { lat, lon } : null)).map(presentAlert) };
    },
  );

  app.post(
    '/alerts',
    {
      config: COMMAND,
      schema: { summary: 'Publish a public safety alert for an area', body: PublishAlertRequest, response: { 201: AlertResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({ alert: presentAlert(await alerts.publishPublic(requireAuth(request).user, request.body)) }),
  );

  app.post(
    '/alerts/:id/acknowledge',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Acknowledge an alert', params: AlertParams, response: { 200: AlertResponse } },
    },
    async (request) => ({ alert: presentAlert(await alerts.acknowledge(requireAuth(request).user, request.params.id)) }),
  );

  app.post(
    '/alerts/:id/resolve',
    { config: COMMAND, schema: { summary: 'Resolve an alert', params: AlertParams, response: { 200: AlertResponse } } },
    async (request) => ({ alert: presentAlert(await alerts.resolve(request.params.id)) }),
  );

  app.post(
    '/alerts/:id/dismiss',
    {
      config: COMMAND,
      schema: {
        summary: 'Dismiss an alert with a verdict',
        params: AlertParams,
        body: DismissAlertRequest,
        response: { 200: AlertResponse },
      },
    },
    async (request) => ({ alert: presentAlert(await alerts.dismiss(request.params.id, request.body.verdict)) }),
  );
};
