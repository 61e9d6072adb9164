import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { SEARCH_KINDS, SearchQuery, type SearchHit } from '@argus/contracts/http/search';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { Spinner } from '../../components/ui/Spinner';
import { searchQueries, type SearchKind } from './search.queries';
import { snippetParts } from './snippet';

const KIND_LABELS: Record<SearchKind, string> = { incident: 'Incident', report: 'Report', message: 'Message' };
const KIND_FILTER_LABELS: Record<SearchKind, string> = { incident: 'Incidents', report: 'Reports', message: 'Messages and notes' };

export interface SearchPanelProps {
  onOpenReport?: (reportId: string) => void;
  onShowIncident?: (incidentId: string) => void;
}

/** Full-text search over reports, incidents and messages; matched words are highlighted. */
export function SearchPanel({ onOpenReport, onShowIncident }: SearchPanelProps) {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<SearchKind | ''>('');
  const [submitted, setSubmitted] = useState<{ q: string; kind: SearchKind | null } | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const results = useQuery({ ...searchQueries.results(submitted?.q ?? '', submitted?.kind ?? null), enabled: submitted !== null });
  const inputId = useId();
  const kindId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SearchQuery.safeParse({ q: text, ...(kind ? { kind } : {}) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setSubmitted({ q: parsed.data.q, kind: parsed.data.kind ?? null });
  };

  const hits = submitted ? results.data : undefined;
  return (
    <section aria-labelledby="search-heading" className="space-y-3">
      <h2 id="search-heading" className="text-lg font-semibold">
        Search
      </h2>
      <form role="search" onSubmit={handleSubmit} noValidate className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-52 flex-col gap-1">
          <label htmlFor={inputId} className="font-medium">
            Search reports, incidents and messages
          </label>
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={200}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            className="min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={kindId} className="font-medium">
            In
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => setKind(event.target.value as SearchKind | '')}
            className="min-h-11 rounded-md border border-line bg-surface-sunken px-2 py-2 text-ink"
          >
            <option value="">Everything</option>
            {SEARCH_KINDS.map((option) => (
              <option key={option} value={option}>
                {KIND_FILTER_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
        <FieldError id={`${inputId}-problem`} message={problem} className="w-full" />
      </form>
      {submitted && results.isFetching && !hits ? (
        <p className="flex items-center gap-2">
          <Spinner className="size-4" /> Searching...
        </p>
      ) : null}
      {submitted && results.isError ? <p className="text-danger">{`Search failed: ${describeError(results.error)}`}</p> : null}
      {hits ? (
        <div aria-live="polite">
          <p className="mb-2 text-sm text-ink-muted">
            {hits.length === 0
              ? `Nothing matches “${submitted?.q}”.`
              : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'} for “${submitted?.q}”`}
          </p>
          <ul className="space-y-2">
            {hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`}>
                <SearchResult hit={hit} onOpenReport={onOpenReport} onShowIncident={onShowIncident} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SearchResult({ hit, onOpenReport, onShowIncident }: { hit: SearchHit } & SearchPanelProps) {
  const incidentId = hit.kind === 'incident' ? hit.id : hit.incidentId;
  return (
    <article className="rounded-lg border border-line bg-surface-raised p-3" aria-label={`${KIND_LABELS[hit.kind]}: ${hit.title}`}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="rounded border border-line px-1.5 text-xs text-ink-muted">{KIND_LABELS[hit.kind]}</span>
        <span className="font-medium break-words">{hit.title}</span>
        <span className="ml-auto text-xs text-ink-muted">
          {new Date(hit.at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
        </span>
      </p>
      <p className="mt-1 text-sm break-words">
        <Snippet text={hit.snippet} />
      </p>
      {(hit.kind === 'report' && onOpenReport) || (incidentId && onShowIncident) ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {hit.kind === 'report' && onOpenReport ? (
            <Button variant="secondary" onClick={() => onOpenReport(hit.id)}>
              Open report
            </Button>
          ) : null}
          {incidentId && onShowIncident ? (
            <Button variant="secondary" onClick={() => onShowIncident(incidentId)}>
              Show incident
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The snippet as text with <mark> around the matched words (React escapes it; never HTML). */
export function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, index) =>
        part.isMatch ? (
          <mark key={index} className="rounded-sm bg-gold/30 px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
