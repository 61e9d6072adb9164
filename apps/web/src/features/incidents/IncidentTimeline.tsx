import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { fullDateTime } from '../../lib/time-format';
import { contentUrl } from '../evidence/evidence.queries';
import { incidentQueries } from './incidents.queries';
import { TIMELINE_GROUPS, TIMELINE_GROUP_BADGES, TIMELINE_GROUP_LABELS, timelineGroupOf, type TimelineGroup } from './timeline-kinds';
import { arrivalNote, describeTimelineEntry } from './timeline-text';

type Entry = z.infer<typeof TimelineEntry>;

/**
 * Everything that happened to the incident in time order (an entry that arrives late takes its
 * place), each with its kind and its full date and time, seconds when the reader asks for them;
 * kinds can be hidden, and the choice holds while this incident stays open
 * (docs/decisions/0014-one-incident-timeline.md).
 */
export function IncidentTimeline({ incidentId }: { incidentId: string }) {
  const timeline = useQuery(incidentQueries.timeline(incidentId));
  const format = useCoordinateFormat();
  const [seconds, setSeconds] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<TimelineGroup>>(new Set());
  const entries = useMemo(() => (timeline.data ? [...timeline.data].sort((a, b) => a.at - b.at) : undefined), [timeline.data]);
  const shown = entries?.filter((entry) => !hidden.has(timelineGroupOf(entry.kind)));
  const toggle = (group: TimelineGroup) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });
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
      <div role="group" aria-label="Show entries of kind" className="flex flex-wrap gap-1">
        {TIMELINE_GROUPS.map((group) => {
          const on = !hidden.has(group);
          return (
            <button
              key={group}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(group)}
              className={cn(
                'flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm font-medium',
                on ? 'border-gold bg-gold text-on-gold' : 'border-line text-ink-muted hover:bg-surface-raised',
              )}
            >
              {/* Shown or hidden is told by the tick too, never by colour alone. */}
              {on ? <Check aria-hidden className="size-4" /> : null}
              {TIMELINE_GROUP_LABELS[group]}
            </button>
          );
        })}
      </div>
      {timeline.isPending ? <p className="text-ink-muted">Loading the timeline...</p> : null}
      {timeline.isError ? <p className="text-danger">{`Could not load the timeline: ${describeError(timeline.error)}`}</p> : null}
      {shown && entries && shown.length < entries.length ? (
        <p className="text-sm text-ink-muted">{`Showing ${shown.length} of ${entries.length} entries.`}</p>
      ) : null}
      {shown ? (
        <ol className="space-y-2 border-l-2 border-line pl-3" aria-live="polite" aria-label="Timeline entries">
          {shown.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} seconds={seconds} text={describeTimelineEntry(entry, format)} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function TimelineItem({ entry, seconds, text }: { entry: Entry; seconds: boolean; text: string }) {
  const group = timelineGroupOf(entry.kind);
  const photo = thumbnailOf(entry);
  // An entry sent from a phone after a dead zone says how late it arrived (docs/decisions/0042-device-time.md).
  const arrival = arrivalNote(entry);
  return (
    <li className="text-sm" data-kind={group}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <time dateTime={new Date(entry.at).toISOString()} className="whitespace-nowrap font-mono text-ink-muted">
          {fullDateTime(entry.at, seconds)}
        </time>
        <span className="rounded border border-line px-1.5 text-xs font-medium uppercase tracking-wide text-ink-muted">
          {TIMELINE_GROUP_BADGES[group]}
        </span>
      </div>
      <p className="break-words">
        {text}
        {arrival ? <span className="ml-1 text-ink-muted">{`(${arrival})`}</span> : null}
      </p>
      {photo ? (
        <a href={photo.src} target="_blank" rel="noreferrer" className="mt-1 inline-block">
          <img src={photo.src} alt={photo.alt} loading="lazy" className="h-20 w-28 rounded border border-line object-cover" />
        </a>
      ) : null}
    </li>
  );
}

/** A photo's thumbnail comes from the evidence feature's own authorised content URL, which logs the view in its custody chain. */
function thumbnailOf(entry: Entry): { src: string; alt: string } | null {
  const { itemId, mime, filename } = entry.detail;
  if (entry.kind !== 'evidence.added' || typeof itemId !== 'string' || typeof mime !== 'string' || !mime.startsWith('image/')) return null;
  return { src: contentUrl(itemId), alt: `Photo ${typeof filename === 'string' ? filename : ''}`.trim() };
}
