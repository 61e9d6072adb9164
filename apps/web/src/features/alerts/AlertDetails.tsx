import { alertRuleTitle } from '@argus/contracts/alert-rules';
import type { Alert } from '@argus/contracts/http/alerts';
import { clockTime } from '../../lib/time-format';

const SOURCE_LABELS: Record<string, string> = {
  unit: 'Unit',
  report: 'Report',
  zone: 'Zone',
  detection: 'Detection',
  camera: 'Camera',
  user: 'User',
  incident: 'Incident',
};

/**
 * "Unit ALPHA-1", "Zone Harbour", "Incident INC-2026-0007": the name recorded when the alert was
 * raised. An alert from before names were recorded says so rather than show an id people cannot read.
 */
export function describeSource(source: Alert['sources'][number]): string {
  const kind = SOURCE_LABELS[source.kind] ?? source.kind;
  return source.name ? `${kind} ${source.name}` : `${kind} (name not recorded)`;
}

/** Milliseconds between two moments, readable: "+120 ms", "+3.4 s", "+2 min". */
export function formatDelay(from: number | null, to: number | null): string {
  if (from === null || to === null) return '';
  const ms = Math.max(0, to - from);
  if (ms < 1000) return `+${ms} ms`;
  if (ms < 60_000) return `+${(ms / 1000).toFixed(1)} s`;
  return `+${Math.round(ms / 60_000)} min`;
}

/** What raised the alert and how long each step took (docs/decisions/0020-measured-visible-latency.md). */
export function AlertDetails({ alert }: { alert: Alert }) {
  const { latency } = alert;
  const steps: [string, number | null][] = [
    ['Event', latency.eventAt],
    ['Received', latency.ingestedAt],
    ['Alert raised', latency.alertedAt],
    ['First on a screen', latency.firstDeliveredAt],
    ['Acknowledged', latency.acknowledgedAt],
  ];
  const origin = latency.eventAt ?? latency.alertedAt;
  return (
    <div className="space-y-2 text-sm" data-testid="alert-details">
      <p>{`${alert.tier === 'detection' ? 'Detection' : 'Alert'} · ${alertRuleTitle(alert.rule)} · ${alert.occurrences === 1 ? 'fired once' : `fired ${alert.occurrences} times`}`}</p>
      {alert.verdict ? <p>{`Verdict: ${alert.verdict}`}</p> : null}
      <div>
        <h3 className="font-semibold">Latency</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3">
          {steps.map(([label, at]) => (
            <div key={label} className="contents">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="font-mono">
                {at === null ? '—' : `${clockTime(at, true)} ${label === 'Event' ? '' : formatDelay(origin, at)}`}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="font-semibold">{`Raised by ${alert.sources.length} ${alert.sources.length === 1 ? 'event' : 'events'}`}</h3>
        {/* Focusable because it may scroll: a keyboard user must reach every source. */}
        <ul
          tabIndex={0}
          aria-label="Events that raised the alert"
          className="max-h-40 overflow-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
        >
          {alert.sources.map((source) => (
            <li key={`${source.kind}:${source.id}`}>
              {`${describeSource(source)}${source.at ? ` at ${clockTime(source.at, true)}` : ''}`}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
