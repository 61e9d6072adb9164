import type { QueryClient } from '@tanstack/react-query';
import { channels, type Channel, type LiveFrame } from '@argus/contracts/realtime/protocol';
import { publicAlertQueries } from '../alerts/alerts.queries';
import { patchOwnReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';

/** What a civic reporter listens to: their own reports and public alerts. */
export function civicChannels(userId: string): Channel[] {
  return [channels.user(userId), 'public-alerts'];
}

/** Applies one realtime frame to the civic reporter page's caches. */
export function applyCivicFrame(queryClient: QueryClient, frame: LiveFrame): void {
  switch (frame.type) {
    case 'report.created':
    case 'report.updated':
      return patchOwnReport(queryClient, frame.data);
    case 'public-alert.created':
    case 'public-alert.updated':
      return void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
    case 'realtime.reset':
      void queryClient.invalidateQueries({ queryKey: reportQueries.all });
      void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
      return;
  }
}
