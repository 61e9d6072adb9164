import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { fullDateTime } from '../../lib/time-format';
import { incidentQueries } from './incidents.queries';
import { arrivalNote, describeTimelineEntry } from './timeline-text';

/**
 * Everything that happened to the incident in time order (an entry that arrives late takes its
 * place), each with its full date and time; seconds when the reader asks for them.
 */
export function IncidentTimeline({ incidentId }: { incidentId: string }) {
  const timeline = useQuery(incidentQueries.timeline(incidentId));
  const format = useCoordinateFormat();
  const [seconds, setSeconds] = useState(false);
  const entries = useMemo(() => (timeline.data ? [...timeline.data].sort((a, b) => a.at - b.at) : undefined), [timeline.data]);
  return (
    <section aria-labelledby="timeline-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="timeline-heading" className="text-base font-semibold">
          Timeline
        </h3>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={seconds} onChange={(event) => setSeconds(event.target.checked)} className="size-4 accent-gold" />
          Show seconds
        </label>
      </div>
      {timeline.isPending ? <p className="text-ink-muted">Loading the timeline...</p> : null}
      {timeline.isError ? <p className="text-danger">{`Could not load the timeline: ${describeError(timeline.error)}`}</p> : null}
      {entries ? (
        <ol className="space-y-1 border-l-2 border-line pl-3" aria-live="polite">
          {entries.map((entry) => {
            const arrival = arrivalNote(entry);
            return (
              <li key={entry.id} className="text-sm">
                <time dateTime={new Date(entry.at).toISOString()} className="mr-2 whitespace-nowrap font-mono text-ink-muted">
                  {fullDateTime(entry.at, seconds)}
                </time>
                {describeTimelineEntry(entry, format)}
                {arrival ? <span className="ml-1 text-ink-muted">{`(${arrival})`}</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
