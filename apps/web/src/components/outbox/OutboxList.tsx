import { useId, useState } from 'react';
import { AlertTriangle, Check, Clock, Loader2 } from 'lucide-react';
import { describeAction, type OutboxItem, type OutboxState } from '../../lib/outbox/outbox-item';
import type { OutboxView } from '../../lib/outbox/useOutbox';
import { Button } from '../ui/Button';
import { cn } from '../../lib/class-names';
import { clockTime } from '../../lib/time-format';

const STATE_LABELS: Record<OutboxState, string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  failed: 'Not sent',
  sent: 'Sent',
};

const STATE_ICONS = { waiting: Clock, sending: Loader2, failed: AlertTriangle, sent: Check } as const;

const STATE_TONES: Record<OutboxState, string> = {
  waiting: 'text-warning',
  sending: 'text-gold',
  failed: 'text-danger',
  sent: 'text-success',
};

/** How many sent items stay listed under the waiting ones. */
const SENT_SHOWN = 5;

const time = (at: number) => clockTime(at, true);

/** "Waiting to send (3)" — what this device still has to deliver, what the server refused, and what went. */
export function OutboxList({ outbox }: { outbox: OutboxView }) {
  const headingId = useId();
  const unsent = outbox.items.filter((item) => item.state !== 'sent');
  const sent = outbox.items
    .filter((item) => item.state === 'sent')
    .slice(-SENT_SHOWN)
    .reverse();
  const heading = outbox.pending.length ? `Waiting to send (${outbox.pending.length})` : 'Outbox';

  return (
    <section id="outbox" aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {!outbox.durable ? (
        <p role="alert" className="text-sm text-warning">
          This browser does not let Argus keep unsent actions: keep this tab open until they are sent.
        </p>
      ) : null}
      {unsent.length === 0 ? <p className="text-ink-muted">Nothing waiting: everything has been sent.</p> : null}
      {unsent.length ? (
        <ol className="space-y-2" aria-label="Not yet sent">
          {unsent.map((item) => (
            <OutboxRow key={item.seq} item={item} outbox={outbox} />
          ))}
        </ol>
      ) : null}
      {sent.length ? (
        <details className="text-sm">
          <summary className="min-h-11 cursor-pointer py-2 text-ink-muted">Recently sent ({sent.length})</summary>
          <ol className="space-y-2">
            {sent.map((item) => (
              <OutboxRow key={item.seq} item={item} outbox={outbox} />
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function OutboxRow({ item, outbox }: { item: OutboxItem; outbox: OutboxView }) {
  const Icon = STATE_ICONS[item.state];
  // Discarding loses what was typed: it takes a second, deliberate press.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  return (
    <li className="rounded-lg border border-line bg-surface p-3" data-outbox-state={item.state}>
      <div className="flex items-start gap-2">
        <Icon
          aria-hidden="true"
          className={cn('mt-0.5 size-5 shrink-0', STATE_TONES[item.state], item.state === 'sending' && 'animate-spin')}
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{describeAction(item.action)}</p>
          <p className="text-sm text-ink-muted">
            <span className={STATE_TONES[item.state]}>{STATE_LABELS[item.state]}</span>
            {` · made ${time(item.createdAt)}`}
            {item.sentAt ? ` · sent ${time(item.sentAt)}` : ''}
            {item.trackingCode ? ` · ${item.trackingCode}` : ''}
          </p>
          {item.lastError && item.state !== 'sent' ? (
            <p className={cn('text-sm', item.state === 'failed' ? 'text-danger' : 'text-ink-muted')}>
              {item.state === 'failed' ? item.lastError : `Will try again: ${item.lastError}`}
            </p>
          ) : null}
        </div>
      </div>
      {item.state === 'failed' || (item.state === 'waiting' && item.attempts > 0) ? (
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => void outbox.retry(item.seq)}>
            {item.state === 'failed' ? 'Retry' : 'Try now'}
          </Button>
          {item.state === 'failed' ? (
            <Button
              variant={confirmingDiscard ? 'danger' : 'ghost'}
              onClick={() => (confirmingDiscard ? void outbox.discard(item.seq) : setConfirmingDiscard(true))}
              className="border-line"
            >
              {confirmingDiscard ? 'Discard for good' : 'Discard'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
