import { z } from 'zod';
import { INCIDENT_SEVERITIES } from '../incidents';
import { UNIT_STATUSES } from '../units';

/** GET /overview: the live counts on the home page (command and analysts). */
export const OverviewResponse = z.object({
  /** Open incidents (not resolved or closed) by severity. */
  openIncidents: z.record(z.enum(INCIDENT_SEVERITIES), z.number().int()),
  unitsByStatus: z.record(z.enum(UNIT_STATUSES), z.number().int()),
  unitsInEmergency: z.number().int(),
  reportsAwaitingTriage: z.number().int(),
  unacknowledgedAlerts: z.number().int(),
});
export type OverviewResponse = z.infer<typeof OverviewResponse>;
