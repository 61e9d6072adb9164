import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/class-names';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../auth/auth-context';
import { AnalystAlerts } from '../alerts/AnalystAlerts';
import type { QueueFilter } from '../reports/reports.queries';
import { SearchPanel } from '../search/SearchPanel';
import { OpenIncidents } from './OpenIncidents';
import { ReportDetail } from './ReportDetail';
import { TriageQueue } from './TriageQueue';
import { useAnalystLive } from './useAnalystLive';

/**
 * /analyst: the analyst console (docs/decisions/0011-what-each-page-does.md). The queue beside the open report on a
 * desktop; on a phone the open report takes the screen until it is closed. The open report and
 * the incident shown from search live in the address (?report=, ?incident=), so Back closes them.
 */
export function AnalystPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<QueueFilter>('all');
  const now = useNow();
  useAnalystLive();
  if (!user) return null;

  const reportId = params.get('report');
  const incidentId = params.get('incident');
  const openReport = (id: string) => setParams((current) => withParam(current, 'report', id));
  const closeReport = () => setParams((current) => withParam(current, 'report', null));
  const showIncident = (id: string) => setParams((current) => withParam(withParam(current, 'report', null), 'incident', id));

  return (
    <div className="space-y-8">
      <AnalystAlerts />
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div className={cn(reportId ? 'hidden lg:block' : null)}>
          <TriageQueue
            filter={filter}
            onFilterChange={setFilter}
            selectedId={reportId}
            onSelect={openReport}
            viewerId={user.id}
            now={now}
          />
        </div>
        {reportId ? (
          <ReportDetail key={reportId} reportId={reportId} viewer={user} onClose={closeReport} onOpenReport={openReport} />
        ) : (
          <p className="hidden rounded-lg border border-dashed border-line p-6 text-ink-muted lg:block">
            Choose a report in the queue to review it: its details, what is nearby on the map, and the verdict.
          </p>
        )}
      </div>
      <div className={cn('grid gap-8 xl:grid-cols-2', reportId ? 'hidden lg:grid' : null)}>
        <OpenIncidents focusId={incidentId} />
        <SearchPanel onOpenReport={openReport} onShowIncident={showIncident} />
      </div>
    </div>
  );
}

function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}
