import { clockTime } from '../../lib/time-format';
import { BoxOverlay } from './BoxOverlay';
import type { DetectionEntry } from './detection-entry';

/** The latest frames in which a watched feed showed something, with their boxes over a thumbnail. */
export function DetectionFeed({ entries }: { entries: readonly DetectionEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-ink-muted">No detections yet. Watch a feed with analysis on and they appear here.</p>;
  }
  return (
    <ol aria-label="Latest detections" tabIndex={0} className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto">
      {entries.map((entry) => (
        <li key={entry.key} className="flex gap-3 rounded-md border border-line bg-surface p-2" data-testid="detection">
          <div className="relative h-[72px] w-24 shrink-0 overflow-hidden rounded bg-black">
            {entry.thumbnail ? <img src={entry.thumbnail} alt="" className="h-full w-full object-fill" /> : null}
            <BoxOverlay objects={entry.objects} labels={false} />
          </div>
          <div className="min-w-0 text-sm">
            <p className="font-medium">{entry.objects.map((object) => `${object.label} ${Math.round(object.score * 100)}%`).join(', ')}</p>
            <p className="text-ink-muted">
              {entry.cameraName} · <time dateTime={new Date(entry.at).toISOString()}>{clockTime(entry.at, true)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
