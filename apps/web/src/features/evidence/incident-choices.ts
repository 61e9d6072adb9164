import { useQuery } from '@tanstack/react-query';
import { incidentQueries } from '../incidents/incidents.queries';

export interface IncidentChoice {
  id: string;
  label: string;
}

/** Open incidents as choices for filters and links: reference and title. */
export function useOpenIncidentChoices(): IncidentChoice[] {
  const incidents = useQuery(incidentQueries.open());
  return (incidents.data?.incidents ?? []).map((incident) => ({ id: incident.id, label: `${incident.reference} — ${incident.title}` }));
}
