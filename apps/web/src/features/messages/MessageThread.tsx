import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Megaphone, Send } from 'lucide-react';
import { SendMessageRequest, type Message } from '@argus/contracts/http/messages';
import { describeError } from '../../lib/api-error';
import { newClientId } from '../../lib/outbox/client-id';
import { isPending } from '../../lib/outbox/schedule';
import type { OutboxView } from '../../lib/outbox/useOutbox';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { cn } from '../../lib/class-names';
import { AsOfTag } from '../../components/outbox/AsOfTag';
import { clockTime } from '../../lib/time-format';
import { messageQueries, type ThreadKey } from './messages.queries';

export interface MessageThreadProps {
  /** Where this user's messages go (a unit's channel with command); null reads broadcasts only. */
  conversation: (ThreadKey & { title: string }) | null;
  /** Read alongside: command's broadcasts to every unit. */
  includeBroadcasts: boolean;
  userId: string;
  outbox: OutboxView;
  /** How often to refetch: often while the realtime socket is down, rarely while it delivers. */
  pollMs: number;
}

interface ThreadEntry {
  key: string;
  body: string;
  senderName: string;
  mine: boolean;
  broadcast: boolean;
  at: number;
  /** Written on this device and not yet delivered. */
  waiting: boolean;
}

/** One conversation with command plus its broadcasts, oldest at the top; sending goes through the outbox. */
export function MessageThread({ conversation, includeBroadcasts, userId, outbox, pollMs }: MessageThreadProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const keys = useMemo(() => {
    const list: ThreadKey[] = [];
    if (conversation) list.push({ channel: conversation.channel, targetId: conversation.targetId });
    if (includeBroadcasts) list.push({ channel: 'broadcast' });
    return list;
  }, [conversation, includeBroadcasts]);
  const results = useQueries({ queries: keys.map((key) => ({ ...messageQueries.thread(key), refetchInterval: pollMs })) });

  const delivered = results.flatMap((result) => result.data ?? []);
  const deliveredIds = new Set(delivered.map((message) => message.clientId));
  const entries: ThreadEntry[] = [
    ...delivered.map((message: Message) => ({
      key: message.id,
      body: message.body,
      senderName: message.senderName,
      mine: message.senderId === userId,
      broadcast: message.channel === 'broadcast',
      at: message.sentAt,
      waiting: false,
    })),
    ...outbox.items
      .filter((item) => item.action.kind === 'message' && isPending(item) && !deliveredIds.has(item.id))
      .map((item) => ({
        key: item.id,
        body: item.action.kind === 'message' ? item.action.body.body : '',
        senderName: 'You',
        mine: true,
        broadcast: false,
        at: item.createdAt,
        waiting: true,
      })),
  ].sort((a, b) => a.at - b.at);
  const loadError = results.find((result) => result.isError)?.error;
  // The oldest of the threads shown decides how old the whole reads.
  const keptSince = Math.min(...results.filter((result) => result.data).map((result) => result.dataUpdatedAt));

  const handleSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!conversation) return;
    const parsed = SendMessageRequest.safeParse({
      clientId: newClientId(),
      channel: conversation.channel,
      targetId: conversation.targetId,
      body: draft,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    try {
      await outbox.enqueue({ kind: 'message', body: parsed.data });
      setDraft('');
    } catch {
      setProblem('This device could not store the message. Try again.');
    }
  };

  return (
    <div className="space-y-3">
      {Number.isFinite(keptSince) ? <AsOfTag dataUpdatedAt={keptSince} /> : null}
      {loadError && !delivered.length ? (
        <p className="text-sm text-danger">{`Messages could not be loaded: ${describeError(loadError)}`}</p>
      ) : null}
      {entries.length === 0 && !loadError ? <p className="text-ink-muted">No messages yet.</p> : null}
      {entries.length ? (
        // Focusable because it scrolls: a keyboard user must be able to reach older messages.
        <ol
          tabIndex={0}
          className="max-h-96 space-y-2 overflow-y-auto rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
          aria-label="Messages"
        >
          {entries.slice(-50).map((entry) => (
            <li
              key={entry.key}
              className={cn(
                'rounded-lg border p-3',
                entry.broadcast
                  ? 'border-gold bg-surface'
                  : entry.mine
                    ? 'ml-8 border-line bg-surface-sunken'
                    : 'mr-8 border-line bg-surface',
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
                {entry.broadcast ? <Megaphone aria-hidden="true" className="size-4 text-gold" /> : null}
                <span className="font-medium text-ink">{entry.broadcast ? `Broadcast · ${entry.senderName}` : entry.senderName}</span>
                <span>{clockTime(entry.at)}</span>
                {entry.waiting ? <span className="text-warning">Waiting to send</span> : null}
              </p>
              <p className="whitespace-pre-wrap break-words">{entry.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {conversation ? (
        <form noValidate onSubmit={(event) => void handleSend(event)} className="flex flex-col gap-2">
          <label htmlFor={inputId} className="font-medium">
            {`Message ${conversation.title}`}
          </label>
          <div className="flex gap-2">
            <textarea
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={2}
              maxLength={2000}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-problem` : undefined}
              className="min-h-12 min-w-0 flex-1 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
            />
            <Button type="submit" aria-label="Send message" className="min-w-14 self-stretch">
              <Send aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <FieldError id={`${inputId}-problem`} message={problem} alert />
        </form>
      ) : null}
    </div>
  );
}
