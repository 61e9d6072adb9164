import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { SendMessageRequest, type MessageThread } from '@argus/contracts/http/messages';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { describeError, issueFor } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { newClientId } from '../../lib/outbox/client-id';
import { formatClock } from '../../lib/time-format';
import { useAuth } from '../auth/auth-context';
import { CHANNEL_LABELS, isAnalystNote } from './inbox';
import { useMarkReadMutation, useSendMessageMutation } from './messages.mutations';
import { messageQueries } from './messages.queries';

/** The thread being read: a listed one, or a unit's conversation command starts. */
export type OpenThread = Pick<MessageThread, 'channel' | 'targetId' | 'title'>;

/** Whether the person can see the page: a thread in a background tab is not read. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One thread on command, oldest at the top, with a reply box. While it is open and the page is
 * visible, the read marker follows its newest message (docs/decisions/0036-command-inbox-and-attention.md).
 */
export function InboxThread({ thread, now }: { thread: OpenThread; now: number }) {
  const { user } = useAuth();
  const key = { channel: thread.channel, targetId: thread.targetId ?? undefined };
  const messages = useQuery(messageQueries.thread(key));
  const markRead = useMarkReadMutation();
  const send = useSendMessageMutation();
  const visible = usePageVisible();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  // One clientId per message typed: pressing Send again after a lost answer sends it once.
  const [clientId, setClientId] = useState(newClientId);
  const inputId = useId();
  const headingId = useId();

  const newestId = messages.data?.[0]?.id;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!newestId || !visible) return;
    mark({ channel: thread.channel, targetId: thread.targetId ?? undefined, messageId: newestId });
  }, [newestId, visible, mark, thread.channel, thread.targetId]);

  const handleSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SendMessageRequest.safeParse({ clientId, channel: thread.channel, targetId: thread.targetId ?? undefined, body: draft });
    if (!parsed.success) {
      setProblem(parsed.error.issues.find((issue) => issue.path[0] === 'body')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setDraft('');
        setClientId(newClientId());
      },
    });
  };

  const ordered = [...(messages.data ?? [])].reverse();
  const fieldProblem = problem ?? issueFor(send.error, 'body');
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {thread.title}
        <span className="ml-2 text-sm font-normal text-ink-muted">{CHANNEL_LABELS[thread.channel]}</span>
      </h2>
      {messages.isPending ? <p className="text-ink-muted">Loading...</p> : null}
      {messages.isError ? <p className="text-sm text-danger">{`Could not load the messages: ${describeError(messages.error)}`}</p> : null}
      {messages.data && ordered.length === 0 ? <p className="text-ink-muted">No messages yet. Write the first one below.</p> : null}
      {ordered.length ? (
        // Focusable because it scrolls: a keyboard user must be able to reach older messages.
        <ol
          tabIndex={0}
          aria-label={`Messages with ${thread.title}`}
          className="max-h-[50dvh] space-y-2 overflow-y-auto rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
        >
          {ordered.map((message) => {
            const mine = message.senderId === user?.id;
            const note = isAnalystNote(message);
            return (
              <li
                key={message.id}
                className={cn(
                  'rounded-lg border p-2',
                  note ? 'border-gold bg-surface' : mine ? 'ml-6 border-line bg-surface-raised' : 'mr-6 border-line bg-surface',
                )}
              >
                <p className="flex flex-wrap gap-x-2 text-xs text-ink-muted">
                  <span className="font-medium text-ink">{mine ? 'You' : message.senderName}</span>
                  {note ? <span className="font-semibold text-gold">Analyst note</span> : null}
                  <span>{formatClock(message.sentAt, now)}</span>
                </p>
                <p className="whitespace-pre-wrap break-words text-sm">{message.body}</p>
              </li>
            );
          })}
        </ol>
      ) : null}
      <form noValidate onSubmit={handleSend} className="flex flex-col gap-2">
        <label htmlFor={inputId} className="font-medium">
          {thread.channel === 'broadcast' ? 'Broadcast to all units' : `Reply to ${thread.title}`}
        </label>
        <div className="flex gap-2">
          <textarea
            id={inputId}
            value={draft}
            rows={2}
            maxLength={2000}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={fieldProblem ? `${inputId}-problem` : undefined}
            className="min-h-12 min-w-0 flex-1 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
          />
          <Button type="submit" disabled={send.isPending} className="self-stretch">
            <Send aria-hidden="true" className="size-4" />
            Send
          </Button>
        </div>
        <FieldError id={`${inputId}-problem`} message={fieldProblem} alert />
        {send.isError && !issueFor(send.error, 'body') ? (
          <p className="text-sm text-danger">{`Could not send: ${describeError(send.error)}`}</p>
        ) : null}
      </form>
    </section>
  );
}
