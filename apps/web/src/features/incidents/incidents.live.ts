import type { QueryClient } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import { isOpenIncident } from '@argus/contracts/incidents';
import { patchLive } from '../../lib/live-patch';
import { byNewestCreated } from '../../lib/server-order';
import { reportQueries, type NearbyData } from '../reports/reports.queries';
import { incidentQueries } from './incidents.queries';

/**
 * An incident's live updates, for every page that lists open incidents (the command queue, the
 * analyst console, evidence links): one upsert, by one rule for which copy is newest.
 */

type IncidentPage = { incidents: Incident[]; nextCursor: string | null };

/** Whether `next` is at least as new as `current`: the server stamps every change with its update time. */
export function isNewerIncident(next: Incident, current: Incident): boolean {
  return next.updatedAt >= current.updatedAt;
}

/** The open incidents after one changed: replaced when newer, added in the server's order, dropped once resolved or closed. */
export function upsertOpenIncident(page: IncidentPage, incident: Incident): IncidentPage {
  const current = page.incidents.find((item) => item.id === incident.id);
  if (current && !isNewerIncident(incident, current)) return page;
  const rest = page.incidents.filter((item) => item.id !== incident.id);
  return { ...page, incidents: isOpenIncident(incident.status) ? [...rest, incident].sort(byNewestCreated) : rest };
}

/** Applies a changed incident to a cached open-incident list, waiting for a fetch in flight (see live-patch.ts). */
export function patchOpenIncidents(queryClient: QueryClient, queryKey: readonly unknown[], incident: Incident): void {
  patchLive<IncidentPage>(queryClient, queryKey, (page) => upsertOpenIncident(page, incident));
}

/** Nearby incidents are open ones: a changed incident is replaced, or dropped once resolved or closed. */
export function patchNearbyIncident(nearby: NearbyData, incident: Incident): NearbyData {
  if (!nearby.incidents.some((entry) => entry.incident.id === incident.id)) return nearby;
  return {
    ...nearby,
    incidents: nearby.incidents
      .filter((entry) => entry.incident.id !== incident.id || isOpenIncident(incident.status))
      .map((entry) => (entry.incident.id === incident.id ? { ...entry, incident } : entry)),
  };
}

/** An incident the server just answered, or a frame carried, put where the analysts see it: the open incidents and the reports' nearby lists. */
export function patchTriageIncident(queryClient: QueryClient, incident: Incident): void {
  patchOpenIncidents(queryClient, incidentQueries.open().queryKey, incident);
  queryClient.setQueriesData<NearbyData>({ queryKey: reportQueries.nearbyAll() }, (old) =>
    old ? patchNearbyIncident(old, incident) : old,
  );
}
