import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { SendMessageRequest } from '@argus/contracts/http/messages';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError, issueFor } from '../../lib/api-error';
import { newClientId } from '../../lib/outbox/client-id';
import { formatClock } from '../../lib/time-format';
import { broadcastQuery } from '../messages/messages.queries';
import { useBroadcastMutation } from '../messages/messages.mutations';

/** A message to every unit at once, and the latest ones sent. */
export function BroadcastPanel({ now }: { now: number }) {
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  // One clientId per message typed: pressing Send again after a lost answer sends it once.
  const [clientId, setClientId] = useState(newClientId);
  const broadcast = useBroadcastMutation();
  const recent = useQuery(broadcastQuery());
  const bodyId = useId();
  const problemId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    const parsed = SendMessageRequest.safeParse({ clientId, channel: 'broadcast', body });
    if (!parsed.success) {
      setProblem(parsed.error.issues.find((issue) => issue.path[0] === 'body')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    broadcast.mutate(
      { body: parsed.data.body, clientId },
      {
        onSuccess: () => {
          setBody('');
          setSent(true);
          setClientId(newClientId());
        },
      },
    );
  };

  const fieldProblem = problem ?? issueFor(broadcast.error, 'body');
  return (
    <section aria-labelledby="broadcast-heading" className="space-y-4">
      <form noValidate onSubmit={handleSubmit} className="space-y-2">
        <h2 id="broadcast-heading" className="text-lg font-semibold">
          Broadcast to all units
        </h2>
        <label htmlFor={bodyId} className="block font-medium">
          Message
        </label>
        <textarea
          id={bodyId}
          rows={3}
          value={body}
          aria-invalid={fieldProblem ? true : undefined}
          aria-describedby={fieldProblem ? problemId : undefined}
          onChange={(event) => {
            setBody(event.target.value);
            setSent(false);
          }}
          className="w-full rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        />
        <FieldError id={problemId} message={fieldProblem} />
        {broadcast.isError && !issueFor(broadcast.error, 'body') ? (
          <FormMessage tone="error">{`Could not send: ${describeError(broadcast.error)}`}</FormMessage>
        ) : null}
        {sent ? <FormMessage tone="success">Sent to all units.</FormMessage> : null}
        <Button type="submit" disabled={broadcast.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {broadcast.isPending ? 'Sending...' : 'Send to all units'}
        </Button>
      </form>
      <section aria-labelledby="recent-broadcasts-heading" className="space-y-2">
        <h3 id="recent-broadcasts-heading" className="text-base font-semibold">
          Recent broadcasts
        </h3>
        {recent.isPending ? <p className="text-ink-muted">Loading...</p> : null}
        {recent.isError ? <p className="text-sm text-danger">{`Could not load broadcasts: ${describeError(recent.error)}`}</p> : null}
        {recent.data?.messages.length === 0 ? <p className="text-ink-muted">None sent yet.</p> : null}
        <ul className="space-y-2">
          {recent.data?.messages.map((message) => (
            <li key={message.id} className="rounded-md border border-line p-2 text-sm">
              <p className="text-ink-muted">{`${formatClock(message.sentAt, now)} · ${message.senderName}`}</p>
              <p className="whitespace-pre-wrap">{message.body}</p>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
