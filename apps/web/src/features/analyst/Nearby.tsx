import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import { describeError } from '../../lib/api-error';
import { formatDistance } from '../../lib/geo/distance';
import { OperationalMap } from '../../lib/map/OperationalMap';
import { Button } from '../../components/ui/Button';
import type { NearbyData } from '../reports/reports.queries';
import { duplicateReasons, reportStatusLabel, sentenceCase } from './format';
import { nearbyOverlays } from './nearby-overlays';
import type { Verdicts } from './useVerdicts';

export interface NearbyMapProps {
  report: Report;
  nearby: NearbyData | undefined;
  /** Open incidents with every field, for drawing the nearby ones on the map. */
  openIncidents: readonly Incident[];
}

/** The report (gold ring) on the operational map with its likely duplicates and the open incidents near it. */
export function NearbyMap({ report, nearby, openIncidents }: NearbyMapProps) {
  const duplicates = nearby?.reports;
  const incidents = nearby?.incidents;
  const overlays = useMemo(() => {
    const ids = new Set((incidents ?? []).map((entry) => entry.incident.id));
    return nearbyOverlays(
      report,
      (duplicates ?? []).map((entry) => entry.report),
      openIncidents.filter((incident) => ids.has(incident.id)),
    );
  }, [report, duplicates, incidents, openIncidents]);
  return (
    <figure className="flex min-h-72 flex-col gap-1">
      <OperationalMap
        overlays={overlays}
        initialView={{ center: report.location, zoom: 14 }}
        // Go to, but no view in the address: this map always opens on the report being triaged.
        goTo
        label={`Map around report ${report.trackingCode}`}
        className="min-h-72 flex-1 rounded-lg border border-line"
      />
      <figcaption className="text-xs text-ink-muted">
        Gold ring: this report. Squares with corner marks: other reports nearby. Diamonds: open incidents, coloured by severity.
      </figcaption>
    </figure>
  );
}

export interface NearbyListsProps {
  nearby: UseQueryResult<NearbyData>;
  incidentReference: (id: string) => string | undefined;
  verdicts: Verdicts;
  canAct: boolean;
  onOpenReport: (reportId: string) => void;
}

/** Open incidents near the report (distance) and likely duplicates (distance, minutes apart, text similarity), each with its verdict. */
export function NearbyLists({ nearby, incidentReference, verdicts, canAct, onOpenReport }: NearbyListsProps) {
  const duplicates = nearby.data?.reports;
  const incidents = nearby.data?.incidents;
  const disabled = !canAct || verdicts.isPending;

  return (
    <section aria-labelledby="nearby-heading" className="space-y-3">
      <h3 id="nearby-heading" className="text-lg font-semibold">
        Nearby
      </h3>
      {nearby.isPending ? <p>Looking for reports and incidents nearby...</p> : null}
      {nearby.isError ? <p className="text-danger">{`Could not look nearby: ${describeError(nearby.error)}`}</p> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {incidents ? (
          <div>
            <h4 className="mb-2 font-semibold">{`Open incidents within 5 km (${incidents.length})`}</h4>
            {incidents.length === 0 ? <p className="text-sm text-ink-muted">None.</p> : null}
            <ul className="space-y-2">
              {incidents.map(({ incident, distanceM }) => (
                <li key={incident.id} className="rounded-md border border-line p-2 text-sm">
                  <p className="flex flex-wrap gap-x-2">
                    <span className="font-mono">{incident.reference}</span>
                    <span>{`${sentenceCase(incident.severity)} severity`}</span>
                    <span className="text-ink-muted">{`${formatDistance(distanceM)} away`}</span>
                  </p>
                  <p className="break-words">{incident.title}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={disabled}
                      onClick={() => verdicts.attach(incident.id)}
                      aria-label={`Verify and attach to ${incident.reference}`}
                    >
                      Attach
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={disabled}
                      onClick={() => verdicts.merge(incident.id)}
                      aria-label={`Merge as duplicate into ${incident.reference}`}
                    >
                      Merge
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {duplicates ? (
          <div>
            <h4 className="mb-2 font-semibold">{`Likely duplicates (${duplicates.length})`}</h4>
            {duplicates.length === 0 ? (
              <p className="text-sm text-ink-muted">No report within 2 km and 6 hours is alike enough in place, time and words.</p>
            ) : null}
            <ul className="space-y-2">
              {duplicates.map(({ report: other, distanceM, minutesApart, score, sharedWords, sameCategory }) => {
                const reference = other.incidentId ? (incidentReference(other.incidentId) ?? 'its incident') : null;
                return (
                  <li key={other.id} className="rounded-md border border-line p-2 text-sm">
                    <p className="flex flex-wrap gap-x-2">
                      <span className="font-semibold">{sentenceCase(other.category)}</span>
                      <span className="font-mono">{other.trackingCode}</span>
                      <span className="text-ink-muted">{reportStatusLabel(other.status)}</span>
                    </p>
                    <p className="text-ink-muted">{`${Math.round(score * 100)}% match: ${duplicateReasons({ distanceM, minutesApart, sharedWords, sameCategory })}`}</p>
                    <p className="line-clamp-2 break-words">{other.description}</p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button variant="secondary" onClick={() => onOpenReport(other.id)} aria-label={`Open report ${other.trackingCode}`}>
                        Open
                      </Button>
                      {other.incidentId && reference ? (
                        <Button variant="secondary" disabled={disabled} onClick={() => verdicts.merge(other.incidentId!)}>
                          {`Merge into ${reference}`}
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
