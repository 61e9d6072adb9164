import type { IncidentSeverity } from '@argus/contracts/incidents';
import { SEVERITY_COLOURS } from '../../lib/map/palette';
import { SEVERITY_LABELS } from './incident-labels';

/** Severity in words with the diamond colour the map uses for it. */
export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
      <span aria-hidden="true" className="inline-block size-2.5 rotate-45" style={{ backgroundColor: SEVERITY_COLOURS[severity] }} />
      {SEVERITY_LABELS[severity]}
    </span>
  );
}
