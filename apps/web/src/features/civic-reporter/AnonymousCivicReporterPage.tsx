import { useId } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@argus/contracts/routes';
import { ConnectionBanner } from '../../components/outbox/ConnectionBanner';
import { OutboxList } from '../../components/outbox/OutboxList';
import type { OutboxAction, OutboxItem } from '../../lib/outbox/outbox-item';
import { useOutbox } from '../../lib/outbox/useOutbox';
import { useOnline } from '../../lib/useOnline';
import { newFollowToken } from '../civic/follow-link';
import { ReportForm } from '../reports/ReportForm';
import { AnonymousReports } from './AnonymousReports';
import { PublicAlerts } from './PublicAlerts';

/** Whose outbox holds reports sent without an account: nobody's, on this device. */
const ANONYMOUS_OUTBOX = 'anonymous';

/**
 * The civic site for someone without an account, while administrators allow it
 * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md): report, keep the private link to
 * follow the report, see public alerts; or sign in to follow every report in one place.
 */
export function AnonymousCivicReporterPage() {
  const outbox = useOutbox(ANONYMOUS_OUTBOX);
  const online = useOnline();
  const formHeadingId = useId();
  const showOutbox = outbox.items.some((item) => item.state !== 'sent');

  // The form makes a report; without an account it goes with a follow token made here, so the link exists before it is sent.
  const enqueue = (action: OutboxAction): Promise<OutboxItem> => {
    if (action.kind !== 'report') return outbox.enqueue(action);
    return outbox.enqueue({
      kind: 'anonymous-report',
      body: { ...action.body, kind: 'civic', followToken: newFollowToken() },
      photos: action.photos,
    });
  };

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
        <p className="text-sm">
          No account needed: you get a private link to follow your report.{' '}
          <Link to={LOGIN_PATH} className="underline">
            Sign in
          </Link>{' '}
          to follow all your reports in one place.
        </p>
        <ReportForm kind="civic" enqueue={enqueue} outboxItems={outbox.items} />
      </section>
      <AnonymousReports outbox={outbox} />
      <PublicAlerts live={false} />
      {showOutbox ? <OutboxList outbox={outbox} /> : null}
    </div>
  );
}
