import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeError, issueFor } from '../../lib/api-error';
import { formatDateTime } from '../../lib/time-format';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { useAddNoteMutation } from '../messages/messages.mutations';
import { messageQueries } from '../messages/messages.queries';

/**
 * Analyst notes on an incident. There is no separate notes store: the notes are the incident's
 * conversation (messages on channel "incident"), so everyone working the incident — command and
 * the field units assigned to it — reads the same thread, and it is searchable with the messages.
 */
export function IncidentNotes({ incidentId, reference }: { incidentId: string; reference: string }) {
  const notes = useQuery(messageQueries.notes(incidentId));
  const add = useAddNoteMutation();
  const [body, setBody] = useState('');
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const fieldId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { incidentId, body: body.trim(), clientId },
      {
        onSuccess: () => {
          setBody('');
          setClientId(crypto.randomUUID());
        },
      },
    );
  };

  const messages = notes.data ? [...notes.data.messages].reverse() : [];
  return (
    <div className="space-y-2">
      <p className="text-xs text-ink-muted">Notes are the incident’s conversation: command and assigned units see them too.</p>
      {notes.isPending ? <p className="text-sm">Loading notes...</p> : null}
      {notes.isError ? <p className="text-sm text-danger">{`Could not load notes: ${describeError(notes.error)}`}</p> : null}
      {notes.data && messages.length === 0 ? <p className="text-sm text-ink-muted">No notes yet.</p> : null}
      {messages.length > 0 ? (
        <ol className="space-y-1.5" aria-label={`Notes on ${reference}`}>
          {messages.map((message) => (
            <li key={message.id} className="rounded-md bg-surface-sunken p-2 text-sm">
              <p className="text-xs text-ink-muted">{`${message.senderName} · ${formatDateTime(message.sentAt)}`}</p>
              <p className="whitespace-pre-wrap break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={handleSubmit} className="flex flex-col gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {`Add a note to ${reference}`}
        </label>
        <textarea
          id={fieldId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={2}
          maxLength={2000}
          className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        />
        <FieldError message={add.isError ? (issueFor(add.error, 'body') ?? describeError(add.error)) : undefined} alert />
        <Button type="submit" variant="secondary" disabled={add.isPending || !body.trim()} className="self-start">
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </form>
    </div>
  );
}
