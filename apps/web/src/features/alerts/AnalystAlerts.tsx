import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { useNow } from '../../lib/useNow';
import { AlertBanner } from './AlertBanner';
import { AlertFeed } from './AlertFeed';
import { patchActiveAlerts } from './alerts.live';
import { alertQueries } from './alerts.queries';

/** The analyst console's alerts: live over the "alerts" channel, a banner and beep for new ones, the feed below. */
export function AnalystAlerts() {
  const queryClient = useQueryClient();
  const now = useNow(15_000);
  const alerts = useQuery(alertQueries.active());
  useRealtime(['alerts'], (frame) => {
    if (frame.type === 'realtime.reset') {
      void queryClient.invalidateQueries({ queryKey: alertQueries.all });
      return;
    }
    if (frame.type !== 'alert.created' && frame.type !== 'alert.updated') return;
    patchActiveAlerts(queryClient, frame.data);
  });
  return (
    <div className="space-y-3">
      <AlertBanner alerts={alerts.data?.alerts} />
      {alerts.data ? (
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer font-semibold">{`Open alerts (${alerts.data.alerts.filter((alert) => alert.status === 'new').length} new, ${alerts.data.alerts.length} open)`}</summary>
          <div className="mt-3">
            <AlertFeed alerts={alerts.data.alerts} now={now} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
