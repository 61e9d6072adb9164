import type { OverviewResponse } from '@argus/contracts/http/overview';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { UNIT_STATUSES } from '@argus/contracts/units';
import type { OverviewRepository } from './overview.repository';

/** The live counts on the home page: every severity and unit status is present, zero when none. */
export class OverviewService {
  constructor(private readonly overview: OverviewRepository) {}

  async counts(): Promise<OverviewResponse> {
    const counts = await this.overview.counts();
    return {
      openIncidents: Object.fromEntries(
        INCIDENT_SEVERITIES.map((severity) => [severity, counts.incidentsBySeverity.get(severity) ?? 0]),
      ) as OverviewResponse['openIncidents'],
      unitsByStatus: Object.fromEntries(
        UNIT_STATUSES.map((status) => [status, counts.unitsByStatus.get(status) ?? 0]),
      ) as OverviewResponse['unitsByStatus'],
      unitsInEmergency: counts.unitsInEmergency,
      reportsAwaitingTriage: counts.reportsAwaitingTriage,
      unacknowledgedAlerts: counts.unacknowledgedAlerts,
    };
  }
}
