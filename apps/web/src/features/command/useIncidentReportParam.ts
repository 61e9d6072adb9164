import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { INCIDENT_REPORT_PARAM } from '../incidents/incident-report';

/**
 * The incident report open on /command, kept in the address (?incident-report=<id>) so it can be
 * bookmarked, reloaded and sent (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md).
 */
export function useIncidentReportParam() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const fromDashboard = (useLocation().state as { fromDashboard?: boolean } | null)?.fromDashboard === true;
  return {
    reportId: params.get(INCIDENT_REPORT_PARAM),
    openReport: (incidentId: string) =>
      void navigate(`?${new URLSearchParams({ [INCIDENT_REPORT_PARAM]: incidentId })}`, { state: { fromDashboard: true } }),
    // Opened from the dashboard, closing is one step back; opened from a link, it is the dashboard.
    closeReport: () => (fromDashboard ? void navigate(-1) : setParams({})),
  };
}
