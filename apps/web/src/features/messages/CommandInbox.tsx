import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { MessageThread } from '@argus/contracts/http/messages';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { formatClock } from '../../lib/time-format';
import { MessageSoundSwitch } from '../alerts/SoundSettings';
import { CHANNEL_LABELS, isAnalystNote } from './inbox';
import { InboxThread, type OpenThread } from './InboxThread';
import { inboxQuery } from './messages.queries';

const PICK = '';

/**
 * Command's inbox (docs/decisions/0036-command-inbox-and-attention.md): every thread with a unit,
 * an incident, a person, and the broadcasts, newest activity first with its unread count; one
 * opens in place to read and reply.
 */
export function CommandInbox({ now, units }: { now: number; units: readonly Unit[] }) {
  const inbox = useQuery(inboxQuery());
  const [open, setOpen] = useState<OpenThread | null>(null);

  if (open) {
    return (
      <div className="space-y-3">
        <Button variant="ghost" onClick={() => setOpen(null)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All messages
        </Button>
        <InboxThread thread={open} now={now} />
      </div>
    );
  }

  const threads = inbox.data?.threads ?? [];
  const unitsWithoutThread = units.filter((unit) => !threads.some((thread) => thread.channel === 'unit' && thread.targetId === unit.id));
  return (
    <section aria-labelledby="inbox-heading" className="space-y-3">
      <h2 id="inbox-heading" className="text-lg font-semibold">
        Messages
      </h2>
      {inbox.isPending ? <p className="text-ink-muted">Loading messages...</p> : null}
      {inbox.isError ? <p className="text-sm text-danger">{`Could not load messages: ${describeError(inbox.error)}`}</p> : null}
      {inbox.data && threads.length === 0 ? <p className="text-ink-muted">No messages yet.</p> : null}
      {threads.length ? (
        <ul aria-label="Conversations" className="space-y-1.5">
          {threads.map((thread) => (
            <li key={`${thread.channel}:${thread.targetId ?? ''}`}>
              <ThreadRow thread={thread} now={now} onOpen={() => setOpen(thread)} />
            </li>
          ))}
        </ul>
      ) : null}
      {unitsWithoutThread.length ? (
        <SelectField<string>
          label="Message a unit"
          value={PICK}
          options={[
            { value: PICK, label: 'Choose a unit…' },
            ...unitsWithoutThread.map((unit) => ({ value: unit.id, label: unit.callsign })),
          ]}
          onChange={(unitId) => {
            const unit = units.find((candidate) => candidate.id === unitId);
            if (unit) setOpen({ channel: 'unit', targetId: unit.id, title: unit.callsign });
          }}
        />
      ) : null}
      <MessageSoundSwitch />
    </section>
  );
}

function ThreadRow({ thread, now, onOpen }: { thread: MessageThread; now: number; onOpen: () => void }) {
  const last = thread.lastMessage;
  const unread = thread.unread > 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'flex w-full flex-col gap-0.5 rounded-md border p-2 text-left hover:border-gold',
        unread ? 'border-gold bg-surface-raised' : 'border-line bg-surface',
      )}
    >
      <span className="flex w-full items-center gap-2">
        <span className={cn('min-w-0 flex-1 truncate', unread ? 'font-bold' : 'font-medium')}>{thread.title}</span>
        {unread ? (
          <span className="shrink-0 rounded-full bg-gold px-2 text-xs font-bold text-surface-sunken">{`${thread.unread} unread`}</span>
        ) : null}
      </span>
      <span className="text-xs text-ink-muted">{`${CHANNEL_LABELS[thread.channel]} · ${formatClock(last.sentAt, now)}`}</span>
      <span className="truncate text-sm">{`${isAnalystNote(last) ? 'Note by ' : ''}${last.senderName}: ${last.body}`}</span>
    </button>
  );
}
