import { useId, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import type { OutboxView } from '../../lib/outbox/useOutbox';
import { followUrl } from '../civic/follow-link';

/**
 * The reports sent from this device without an account, newest first, each with its private
 * follow link: the only way back to it, so it is shown whole and can be copied.
 */
export function AnonymousReports({ outbox }: { outbox: OutboxView }) {
  const headingId = useId();
  const reports = outbox.items.filter((item) => item.action.kind === 'anonymous-report').toReversed();
  if (reports.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Follow your report
      </h2>
      <p className="text-sm text-ink-muted">
        Keep this private link: it is the only way to see what happens to a report sent without an account, and anyone who has it can see
        the report’s progress.
      </p>
      <ol className="space-y-2">
        {reports.map((item) =>
          item.action.kind === 'anonymous-report' ? (
            <FollowLinkItem
              key={item.seq}
              url={followUrl(item.action.body.followToken)}
              trackingCode={item.trackingCode}
              sent={item.state === 'sent'}
            />
          ) : null,
        )}
      </ol>
    </section>
  );
}

function FollowLinkItem({ url, trackingCode, sent }: { url: string; trackingCode: string | null; sent: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <li className="space-y-2 rounded-lg border border-line bg-surface p-3">
      <p className="font-mono text-lg font-semibold text-gold">{trackingCode ?? 'Tracking code when sent'}</p>
      <p className="text-sm">{sent ? 'Sent.' : 'On this device, waiting to send.'}</p>
      <a href={url} className="block text-sm break-all underline" data-testid="follow-link">
        {url}
      </a>
      <Button variant="secondary" onClick={() => void copy()} className="w-full">
        {copied ? <Check aria-hidden="true" className="size-5" /> : <Copy aria-hidden="true" className="size-5" />}
        {copied ? 'Link copied' : 'Copy the link'}
      </Button>
    </li>
  );
}
