import { Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { findRoute } from '@argus/contracts/routes';
import { RouteGuard } from '../features/auth/RouteGuard';
import { civicQueries } from '../features/civic/civic.queries';
import { FOLLOW_PATH } from '../features/civic/follow-link';
import { AppShell } from '../components/layout/AppShell';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAuth } from '../features/auth/auth-context';
import { AnonymousCivicReporterPage, CivicFollowPage, PAGES } from './pages';

const CIVIC_ROUTE = findRoute('/civic-reporter')!;
const CivicReporterPage = PAGES['/civic-reporter'];

/**
 * Every path of the civic reporter site (docs/specification.md section 2 "Other sites"): the civic
 * reporter page for a signed-in reporter; for someone signed out, the same page without an account
 * while administrators allow it, or the sign-in page when they require accounts; and on /track, the
 * report a private follow link stands for (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
export function CivicSite() {
  const { pathname } = useLocation();
  const { state } = useAuth();
  const signedOut = state.status === 'invalid' && state.reason === 'signed-out';
  const settings = useQuery({ ...civicQueries.settings(), enabled: signedOut && pathname !== FOLLOW_PATH });

  if (pathname === FOLLOW_PATH) return <Public page={<CivicFollowPage />} />;
  if (signedOut && settings.isPending) {
    return (
      <AppShell title={CIVIC_ROUTE.title} column>
        <LoadingScreen variant="minimal" message="Loading page..." />
      </AppShell>
    );
  }
  if (signedOut && settings.data?.anonymousReports) return <Public page={<AnonymousCivicReporterPage />} />;
  return (
    <RouteGuard route={CIVIC_ROUTE} navigation={false}>
      <CivicReporterPage />
    </RouteGuard>
  );
}

function Public({ page }: { page: ReactNode }) {
  return (
    <AppShell title={CIVIC_ROUTE.title} column>
      <Suspense fallback={<LoadingScreen variant="minimal" message="Loading page..." />}>{page}</Suspense>
    </AppShell>
  );
}
