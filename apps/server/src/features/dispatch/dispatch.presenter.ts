import type { Assignment, Dispatch } from '@argus/contracts/http/units';
import { presentIncident } from '../incidents/incidents.presenter';
import type { AssignmentRow } from './dispatch.repository';
import type { DispatchRow } from './dispatch.repository';

export function presentDispatch(row: DispatchRow): Dispatch {
  return {
    id: row.id,
    incidentId: row.incident_id,
    unitId: row.unit_id,
    status: row.status,
    milestones: JSON.parse(row.milestones) as Record<string, number>,
    cancelReason: row.cancel_reason,
  };
}

export function presentAssignment(row: AssignmentRow): Assignment {
  return { ...presentDispatch(row.dispatch), callsign: row.callsign, incident: presentIncident(row.incident) };
}
