import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Siren } from 'lucide-react';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { UNIT_STATUSES } from '@argus/contracts/units';
import type { ReactNode } from 'react';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { Spinner } from '../../components/ui/Spinner';
import { SEVERITY_LABELS } from '../incidents/incident-labels';
import { UNIT_STATUS_LABELS } from '../units/unit-labels';
import { overviewQueries } from '../overview/overview.queries';

/** Most severe first, as people read a board. */
const SEVERITIES_DOWN = [...INCIDENT_SEVERITIES].reverse();

export interface OverviewCountsProps {
  /** Pages the counts link to, when the viewer may open them. */
  links: { triage?: string; alerts?: string; emergency?: string };
}

/**
 * The live counts for command and analysts (GET /overview): units in emergency first and loud
 * when there are any, then open incidents by severity, reports awaiting triage, unacknowledged
 * alerts and units by status.
 */
export function OverviewCounts({ links }: OverviewCountsProps) {
  const overview = useQuery(overviewQueries.counts());
  const counts = overview.data;
  return (
    <section aria-labelledby="overview-heading" className="space-y-3">
      <h2 id="overview-heading" className="text-lg font-semibold">
        Right now
      </h2>
      {overview.isPending ? (
        <p className="flex items-center gap-2">
          <Spinner className="size-4" /> Loading the counts...
        </p>
      ) : null}
      {overview.isError && !counts ? <p className="text-danger">{`Could not load the counts: ${describeError(overview.error)}`}</p> : null}
      {counts ? (
        <>
          {counts.unitsInEmergency > 0 ? (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-3 rounded-lg border-2 border-danger bg-danger-surface p-4 text-white"
            >
              <Siren aria-hidden="true" className="size-8 shrink-0" />
              <p className="text-xl font-bold">
                {counts.unitsInEmergency === 1 ? '1 unit in emergency (SOS)' : `${counts.unitsInEmergency} units in emergency (SOS)`}
              </p>
              {links.emergency ? (
                <Link to={links.emergency} className="ml-auto rounded-md border border-white px-3 py-2 font-medium hover:bg-white/10">
                  Go to the command dashboard
                </Link>
              ) : null}
            </div>
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Live counts">
            <CountCard title="Open incidents" count={Object.values(counts.openIncidents).reduce((sum, value) => sum + value, 0)}>
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
                {SEVERITIES_DOWN.map((severity) => (
                  <div key={severity} className="contents">
                    <dt
                      className={cn(
                        severity === 'critical' && counts.openIncidents[severity] > 0 ? 'font-semibold text-danger' : 'text-ink-muted',
                      )}
                    >
                      {SEVERITY_LABELS[severity]}
                    </dt>
                    <dd className="text-right tabular-nums">{counts.openIncidents[severity]}</dd>
                  </div>
                ))}
              </dl>
            </CountCard>
            <CountCard
              title="Reports awaiting triage"
              count={counts.reportsAwaitingTriage}
              link={links.triage ? { to: links.triage, text: 'Open the triage queue' } : undefined}
            />
            <CountCard
              title="Unacknowledged alerts"
              count={counts.unacknowledgedAlerts}
              isUrgent={counts.unacknowledgedAlerts > 0}
              link={links.alerts ? { to: links.alerts, text: 'Open the alert feed' } : undefined}
            />
            <CountCard title="Units" count={Object.values(counts.unitsByStatus).reduce((sum, value) => sum + value, 0)}>
              <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
                <div className="contents">
                  <dt className={cn(counts.unitsInEmergency > 0 ? 'font-semibold text-danger' : 'text-ink-muted')}>In emergency</dt>
                  <dd className="text-right tabular-nums">{counts.unitsInEmergency}</dd>
                </div>
                {UNIT_STATUSES.map((status) => (
                  <div key={status} className="contents">
                    <dt className="text-ink-muted">{UNIT_STATUS_LABELS[status]}</dt>
                    <dd className="text-right tabular-nums">{counts.unitsByStatus[status]}</dd>
                  </div>
                ))}
              </dl>
            </CountCard>
          </ul>
        </>
      ) : null}
    </section>
  );
}

interface CountCardProps {
  title: string;
  count: number;
  isUrgent?: boolean;
  link?: { to: string; text: string } | undefined;
  children?: ReactNode;
}

function CountCard({ title, count, isUrgent = false, link, children }: CountCardProps) {
  return (
    <li className={cn('flex flex-col gap-2 rounded-lg border bg-surface-raised p-4', isUrgent ? 'border-warning' : 'border-line')}>
      <p className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{title}</span>
        <span className={cn('text-3xl font-bold tabular-nums', isUrgent ? 'text-warning' : 'text-gold')}>{count}</span>
      </p>
      {children}
      {link ? (
        <Link to={link.to} className="mt-auto text-sm text-gold underline-offset-2 hover:underline">
          {link.text}
        </Link>
      ) : null}
    </li>
  );
}
