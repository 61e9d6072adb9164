import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { OverviewResponse } from '@argus/contracts/http/overview';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { UNIT_STATUSES } from '@argus/contracts/units';
import type { OverviewRepository } from './overview.repository';

/** GET /overview: the live counts on the home page, for command and analysts. */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewRepository }> = async (app, { overview }) => {
  app.get(
    '/overview',
    { config: { access: OPERATIONS_ROLES }, schema: { summary: 'Open incidents by severity, units by status, reports awaiting triage, new alerts', response: { 200: OverviewResponse } } },
    async () => {
      const counts = await overview.counts();
      return {
        openIncidents: Object.fromEntries(INCIDENT_SEVERITIES.map((severity) => [severity, counts.incidentsBySeverity.get(severity) ?? 0])) as OverviewResponse['openIncidents'],
        unitsByStatus: Object.fromEntries(UNIT_STATUSES.map((status) => [status, counts.unitsByStatus.get(status) ?? 0])) as OverviewResponse['unitsByStatus'],
        unitsInEmergency: counts.unitsInEmergency,
        reportsAwaitingTriage: counts.reportsAwaitingTriage,
        unacknowledgedAlerts: counts.unacknowledgedAlerts,
      };
    },
  );
};
