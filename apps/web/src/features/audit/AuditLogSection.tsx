import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditActionLabel, type AuditEvent } from '@argus/contracts/http/audit';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { describeAuditTarget, personText } from './audit-target';
import { auditQueries, type AuditFilterValues } from './audit.queries';
import { useVerifyAuditMutation } from './audit.mutations';

const ACTION_OPTIONS = [
  { value: '', label: 'Any action' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

const NO_FILTERS: AuditFilterValues = { action: '', fromDate: '', toDate: '', text: '' };

const who = (person: AuditEvent['actor']) => (person ? personText(person) : 'system or unknown');

/** The hash-chained audit log for command roles: filter it, page through it, verify the chain. */
export function AuditLogSection() {
  const [draft, setDraft] = useState<AuditFilterValues>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const log = useInfiniteQuery(auditQueries.list(filters));
  const verify = useVerifyAuditMutation();
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit log
      </h2>
      <p className="text-ink-muted">
        Every security event, each sealed with the hash of the one before: editing or deleting one breaks the chain.
      </p>

      <form onSubmit={apply} className="grid max-w-4xl gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter the audit log">
        <SelectField label="Action" value={draft.action} options={ACTION_OPTIONS} onChange={(action) => setDraft({ ...draft, action })} />
        <TextField
          label="From"
          type="date"
          value={draft.fromDate}
          onChange={(event) => setDraft({ ...draft, fromDate: event.target.value })}
        />
        <TextField label="To" type="date" value={draft.toDate} onChange={(event) => setDraft({ ...draft, toDate: event.target.value })} />
        <TextField
          label="Target contains"
          value={draft.text}
          maxLength={200}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Apply filters</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </Button>
          <Button type="button" variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate()}>
            {verify.isPending ? 'Verifying...' : 'Verify chain'}
          </Button>
        </div>
      </form>

      {verify.data ? (
        <p role="status" className={verify.data.intact ? 'text-success' : 'font-semibold text-danger'}>
          {verify.data.intact
            ? `Chain intact: ${verify.data.checked} entries verified.`
            : `Chain broken at entry ${verify.data.brokenAt}: ${verify.data.reason}.`}
        </p>
      ) : null}
      {verify.isError ? <p className="text-danger">{describeError(verify.error)}</p> : null}

      {log.isPending ? <p>Loading the audit log...</p> : null}
      {log.isError ? <p className="text-danger">{describeError(log.error)}</p> : null}
      {log.isSuccess && events.length === 0 ? <p>No entries match these filters.</p> : null}
      {events.length > 0 ? (
        <ol aria-label="Audit entries" className="divide-y divide-line rounded-lg border border-line">
          {events.map((event) => (
            <li key={event.seq} className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
              <span className="text-sm text-ink-muted">
                <time dateTime={new Date(event.at).toISOString()}>{new Date(event.at).toLocaleString()}</time>
                <span className="block">{`#${event.seq}`}</span>
              </span>
              <span className="min-w-0 break-words">
                <AuditEntryHeadline event={event} />
                <span className="block text-sm">{`By ${who(event.actor)}`}</span>
                {event.subject && event.subject.id !== event.actor?.id ? (
                  <span className="block text-sm">{`As ${who(event.subject)}`}</span>
                ) : null}
                {event.ip ? <span className="block text-sm text-ink-muted">{`From ${event.ip}`}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}

/** The action in words, its code below it (auditors search by it), and what it was done to. */
function AuditEntryHeadline({ event }: { event: AuditEvent }) {
  const target = describeAuditTarget(event);
  const label = auditActionLabel(event.action);
  return (
    <>
      <span className="block font-semibold">{label}</span>
      {label === event.action ? null : <span className="block font-mono text-xs text-ink-muted">{event.action}</span>}
      {target ? (
        <span className="block" title={target.raw ?? undefined}>
          {`Target: ${target.text}`}
        </span>
      ) : null}
    </>
  );
}
