import type { QueryClient } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Message } from '@argus/contracts/http/messages';
import type { NearbyResponse, Report } from '@argus/contracts/http/reports';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { patchLive } from '../../lib/live-patch';
import { isOpenIncident } from '@argus/contracts/incidents';
import { patchOpenIncidents } from '../incidents/incidents.live';
import { incidentQueries } from '../incidents/incidents.queries';
import { addMessage } from '../messages/messages.live';
import { messageQueries } from '../messages/messages.queries';
import { isAwaitingTriage, isNewerReport, upsertReport } from '../reports/reports.live';
import { reportQueries, type QueueFilter } from '../reports/reports.queries';

type Nearby = z.infer<typeof NearbyResponse>;

/** Every query the console shows, each in its entity's key space: what a realtime.reset fetches again. */
const ANALYST_QUERY_KEYS = [reportQueries.triageQueues(), reportQueries.details(), reportQueries.nearbyAll(), incidentQueries.open().queryKey, messageQueries.notesAll()];

/** The queue after one report changed: kept (newest first) while it awaits triage and matches the filter, dropped once judged. */
export function upsertQueueReport<Queue extends { reports: Report[] }>(queue: Queue, report: Report, filter: QueueFilter): Queue {
  return upsertReport(queue, report, isAwaitingTriage(report) && (filter === 'all' || report.kind === filter));
}

/** Nearby reports keep their distance and similarity; only the report itself (status, lock) is replaced. */
export function patchNearbyReport(nearby: Nearby, report: Report): Nearby {
  if (!nearby.reports.some((entry) => entry.report.id === report.id)) return nearby;
  return { ...nearby, reports: nearby.reports.map((entry) => (entry.report.id === report.id ? { ...entry, report } : entry)) };
}

/** Nearby incidents are open ones: a changed incident is replaced, or dropped once resolved or closed. */
export function patchNearbyIncident(nearby: Nearby, incident: Incident): Nearby {
  if (!nearby.incidents.some((entry) => entry.incident.id === incident.id)) return nearby;
  return {
    ...nearby,
    incidents: nearby.incidents
      .filter((entry) => entry.incident.id !== incident.id || isOpenIncident(incident.status))
      .map((entry) => (entry.incident.id === incident.id ? { ...entry, incident } : entry)),
  };
}

/** A note thread (newest first) with one more message, once. */
export function addNote(thread: { messages: Message[] }, message: Message): { messages: Message[] } {
  return addMessage(thread, message);
}

/** Puts a report the server just answered everywhere the console shows it. */
export function rememberReport(queryClient: QueryClient, report: Report): void {
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: reportQueries.triageQueues() })) {
    const filter = queryKey[2] as QueueFilter;
    patchLive(queryClient, reportQueries.triageQueue(filter).queryKey, (old) => upsertQueueReport(old, report, filter));
  }
  const detail = reportQueries.detail(report.id).queryKey;
  queryClient.setQueryData(detail, (old) => (!old || isNewerReport(report, old.report) ? { report } : old));
  queryClient.setQueriesData<Nearby>({ queryKey: reportQueries.nearbyAll() }, (old) => (old ? patchNearbyReport(old, report) : old));
}

/** Puts an incident the server just answered into the open list and the nearby panels. */
export function rememberIncident(queryClient: QueryClient, incident: Incident): void {
  patchOpenIncidents(queryClient, incidentQueries.open().queryKey, incident);
  queryClient.setQueriesData<Nearby>({ queryKey: reportQueries.nearbyAll() }, (old) => (old ? patchNearbyIncident(old, incident) : old));
}

/**
 * Applies one realtime frame (channels "reports" and "incidents") to the console's caches.
 * New reports and incidents may be near the open report, so its nearby list is fetched again;
 * changes to ones already listed are patched in place.
 */
export function applyAnalystFrame(queryClient: QueryClient, frame: LiveFrame): void {
  switch (frame.type) {
    case 'report.created':
    case 'report.updated': {
      rememberReport(queryClient, frame.data);
      if (frame.type === 'report.created') void queryClient.invalidateQueries({ queryKey: reportQueries.nearbyAll() });
      return;
    }
    case 'incident.created':
    case 'incident.updated': {
      rememberIncident(queryClient, frame.data);
      if (frame.type === 'incident.created') void queryClient.invalidateQueries({ queryKey: reportQueries.nearbyAll() });
      return;
    }
    case 'message.created': {
      const message = frame.data;
      if (message.channel !== 'incident' || !message.targetId) return;
      patchLive(queryClient, messageQueries.notes(message.targetId).queryKey, (old) => addNote(old, message));
      return;
    }
    case 'realtime.reset':
      for (const queryKey of ANALYST_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
      return;
  }
}
