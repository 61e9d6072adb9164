import type { QueryClient } from '@tanstack/react-query';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';
import { patchCallerLink } from '../caller-links/caller-links.live';
import { callerLinkQueries } from '../caller-links/caller-links.queries';
import { patchTriageIncident } from '../incidents/incidents.live';
import { incidentQueries } from '../incidents/incidents.queries';
import { addLiveNote } from '../messages/messages.live';
import { messageQueries } from '../messages/messages.queries';
import { patchTriageReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';

/** Every query the console shows, each in its entity's key space: what a realtime.reset fetches again. */
const ANALYST_QUERY_KEYS = [
  reportQueries.triageQueues(),
  reportQueries.details(),
  reportQueries.nearbyAll(),
  incidentQueries.open().queryKey,
  messageQueries.notesAll(),
  callerLinkQueries.all,
];

/**
 * Applies one realtime frame (channels "reports" and "incidents") to the console's caches.
 * New reports and incidents may be near the open report, so its nearby list is fetched again;
 * changes to ones already listed are patched in place.
 */
export function applyAnalystFrame(queryClient: QueryClient, frame: LiveFrame): void {
  switch (frame.type) {
    case 'report.created':
    case 'report.updated': {
      patchTriageReport(queryClient, frame.data);
      if (frame.type === 'report.created') void queryClient.invalidateQueries({ queryKey: reportQueries.nearbyAll() });
      return;
    }
    case 'incident.created':
    case 'incident.updated': {
      patchTriageIncident(queryClient, frame.data);
      if (frame.type === 'incident.created') void queryClient.invalidateQueries({ queryKey: reportQueries.nearbyAll() });
      return;
    }
    case 'message.created':
      addLiveNote(queryClient, frame.data);
      return;
    case 'caller.updated':
      patchCallerLink(queryClient, frame.data);
      return;
    case 'realtime.reset':
      for (const queryKey of ANALYST_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
      return;
  }
}
