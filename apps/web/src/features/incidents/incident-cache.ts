import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import type { Incident } from '@argus/contracts/http/incidents';

type IncidentPage = { incidents: Incident[]; nextCursor: string | null };

export function isOpenIncident(incident: Incident): boolean {
  return (OPEN_INCIDENT_STATUSES as readonly string[]).includes(incident.status);
}

/** The open queue after one incident changed: added, replaced, or dropped once resolved or closed. */
export function upsertOpenIncident(page: IncidentPage, incident: Incident): IncidentPage {
  const index = page.incidents.findIndex((item) => item.id === incident.id);
  if (index >= 0 && page.incidents[index]!.updatedAt > incident.updatedAt) return page;
  const rest = index >= 0 ? page.incidents.filter((item) => item.id !== incident.id) : page.incidents;
  return { ...page, incidents: isOpenIncident(incident) ? [incident, ...rest] : rest };
}
