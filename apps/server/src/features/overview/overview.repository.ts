import { sql, type Kysely } from 'kysely';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import type { Database } from '../../db/schema';

const count = sql<number>`count(*)`;

/** The counts on the home page, each one grouped query. */
export class OverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts() {
    const [incidents, units, emergencies, reports, alerts] = await Promise.all([
      this.db
        .selectFrom('incidents')
        .select(['severity', count.as('n')])
        .where('status', 'in', [...OPEN_INCIDENT_STATUSES])
        .groupBy('severity')
        .execute(),
      this.db
        .selectFrom('units')
        .select(['status', count.as('n')])
        .groupBy('status')
        .execute(),
      this.db.selectFrom('units').select(count.as('n')).where('emergency_since', 'is not', null).executeTakeFirstOrThrow(),
      this.db.selectFrom('reports').select(count.as('n')).where('status', 'in', ['submitted', 'under_review']).executeTakeFirstOrThrow(),
      this.db.selectFrom('alerts').select(count.as('n')).where('status', '=', 'new').executeTakeFirstOrThrow(),
    ]);
    return {
      incidentsBySeverity: new Map(incidents.map((row) => [row.severity, Number(row.n)])),
      unitsByStatus: new Map(units.map((row) => [row.status, Number(row.n)])),
      unitsInEmergency: Number(emergencies.n),
      reportsAwaitingTriage: Number(reports.n),
      unacknowledgedAlerts: Number(alerts.n),
    };
  }
}
