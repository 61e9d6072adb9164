import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatClock } from '../../lib/time-format';
import { incidentQueries } from './incidents.queries';
import { describeTimelineEntry } from './timeline-text';

/** Everything that happened to the incident, oldest first, as it happens. */
export function IncidentTimeline({ incidentId, now }: { incidentId: string; now: number }) {
  const timeline = useQuery(incidentQueries.timeline(incidentId));
  const format = useCoordinateFormat();
  return (
    <section aria-labelledby="timeline-heading" className="space-y-2">
      <h3 id="timeline-heading" className="text-base font-semibold">
        Timeline
      </h3>
      {timeline.isPending ? <p className="text-ink-muted">Loading the timeline...</p> : null}
      {timeline.isError ? <p className="text-danger">{`Could not load the timeline: ${describeError(timeline.error)}`}</p> : null}
      {timeline.data ? (
        <ol className="space-y-1 border-l-2 border-line pl-3" aria-live="polite">
          {timeline.data.map((entry) => (
            <li key={entry.id} className="text-sm">
              <time dateTime={new Date(entry.at).toISOString()} className="mr-2 font-mono text-ink-muted">
                {formatClock(entry.at, now)}
              </time>
              {describeTimelineEntry(entry, format)}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
