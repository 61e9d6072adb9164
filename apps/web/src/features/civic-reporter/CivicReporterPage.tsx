import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOutbox } from '../../lib/outbox/useOutbox';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime';
import { useOnline } from '../../lib/useOnline';
import { ConnectionBanner } from '../../components/outbox/ConnectionBanner';
import { OutboxList } from '../../components/outbox/OutboxList';
import { useAuth } from '../auth/auth-context';
import { useReportDeliveredUpdates } from '../reports/reports.mutations';
import { ReportForm } from '../reports/ReportForm';
import { applyCivicFrame, civicChannels } from './civic-reporter.live';
import { MyReports } from './MyReports';
import { PublicAlerts } from './PublicAlerts';

/** /civic-reporter, and every path of the civic reporter site. */
export function CivicReporterPage() {
  const { user } = useAuth();
  // The route guard renders this page only for a signed-in user.
  if (!user) return null;
  return <CivicReporter userId={user.id} />;
}

/** Report in under a minute, follow what happened, see alerts nearby. */
function CivicReporter({ userId }: { userId: string }) {
  const outbox = useOutbox(userId);
  useReportDeliveredUpdates();
  const queryClient = useQueryClient();
  useRealtime(civicChannels(userId), (frame) => applyCivicFrame(queryClient, frame));
  const live = useRealtimeStatus() === 'open';
  const formHeadingId = useId();
  const online = useOnline();
  const showOutbox = outbox.items.some((item) => item.state !== 'sent');

  return (
    <div className="mx-auto max-w-lg space-y-4 pb-8">
      {outbox.pending.length || outbox.failed.length || !online ? (
        <ConnectionBanner waiting={outbox.pending.length} refused={outbox.failed.length} />
      ) : null}
      <section aria-labelledby={formHeadingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
        <h2 id={formHeadingId} className="text-lg font-semibold">
          Report an incident
        </h2>
        <p className="text-sm text-ink-muted">In an emergency where life is at risk, call your local emergency number first.</p>
        <ReportForm kind="civic" enqueue={outbox.enqueue} outboxItems={outbox.items} />
      </section>
      <MyReports outbox={outbox} live={live} />
      <PublicAlerts live={live} />
      {showOutbox ? <OutboxList outbox={outbox} /> : null}
    </div>
  );
}
