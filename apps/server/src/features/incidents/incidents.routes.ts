import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateIncidentRequest,
  Incident,
  IncidentListQuery,
  IncidentListResponse,
  IncidentParams,
  TimelineResponse,
  UpdateIncidentRequest,
} from '@argus/contracts/http/incidents';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { requireAuth } from '../../plugins/auth';
import type { IncidentTimelineService } from './incident-timeline.service';
import { presentIncident } from './incidents.presenter';
import type { IncidentsService } from './incidents.service';

/**
 * Command and analysts see and manage every incident. Field units and civic reporters are
 * refused until dispatch (what a unit is assigned) and publication (public alerts) decide
 * what each of them may see.
 */

const IncidentResponse = z.object({ incident: Incident });

export const incidentsRoutes: FastifyPluginAsyncZod<{ incidents: IncidentsService; timeline: IncidentTimelineService }> = async (
  app,
  { incidents, timeline },
) => {
  app.get(
    '/incidents',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Incidents, newest first, filtered and paged',
        querystring: IncidentListQuery,
        response: { 200: IncidentListResponse },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await incidents.list(request.query);
      return { incidents: rows.map(presentIncident), nextCursor };
    },
  );

  app.post(
    '/incidents',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Open an incident', body: CreateIncidentRequest, response: { 201: IncidentResponse } },
    },
    async (request, reply) => {
      const row = await incidents.create(request.body, requireAuth(request).user.id);
      return reply.status(201).send({ incident: presentIncident(row) });
    },
  );

  app.get(
    '/incidents/:id',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'One incident', params: IncidentParams, response: { 200: IncidentResponse } },
    },
    async (request) => ({ incident: presentIncident(await incidents.get(request.params.id)) }),
  );

  app.patch(
    '/incidents/:id',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Edit an incident, move its status or code how it ended (409 names the allowed moves, or says someone else changed it)',
        params: IncidentParams,
        body: UpdateIncidentRequest,
        response: { 200: IncidentResponse },
      },
    },
    async (request) => ({
      incident: presentIncident(await incidents.update(request.params.id, request.body, requireAuth(request).user)),
    }),
  );

  app.get(
    '/incidents/:id/timeline',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary:
          'Everything that happened to the incident, in order: changes, milestones, reports, messages, analyst notes, alerts naming it and the evidence the viewer may see',
        params: IncidentParams,
        response: { 200: TimelineResponse },
      },
    },
    async (request) => ({ entries: await timeline.entries(request.params.id, requireAuth(request).user) }),
  );
};
