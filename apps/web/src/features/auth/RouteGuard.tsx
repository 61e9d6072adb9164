import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { WifiOff } from 'lucide-react';
import { TEXT } from '@argus/contracts/catalogue';
import { LOGIN_PATH, canAccess, type AppRoute } from '@argus/contracts/routes';
import { AppShell } from '../../components/layout/AppShell';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Button } from '../../components/ui/Button';
import { useAuth } from './auth-context';
import { AUTH_TEXT } from './auth-texts';
import { mustEnrolSecondFactor, needsSecondFactor } from './auth-state';
import { TWO_FACTOR_PAGE, TWO_FACTOR_PATH } from '../mfa/two-factor-anchor';

export interface RouteGuardProps {
  route: AppRoute;
  navigation: boolean;
  children: ReactNode;
}

/** Pages laid out as one centred portrait column, whose title is centred with them. */
const COLUMN_PAGES: ReadonlySet<string> = new Set(['/fieldunit', '/field-unit', '/civic-reporter']);

/**
 * The route guard of docs/specification.md: validating while the session check runs; signed out or a role the
 * route does not admit goes to /login, remembering where the user was.
 */
export function RouteGuard({ route, navigation, children }: RouteGuardProps) {
  const { state, recheck } = useAuth();
  const location = useLocation();
  const column = COLUMN_PAGES.has(route.path);

  if (state.status === 'loading') {
    return (
      <AppShell title={route.title} column={column}>
        <LoadingScreen variant="detailed" message={TEXT.guard.validating} />
      </AppShell>
    );
  }
  if (state.status === 'ending') {
    return (
      <AppShell title={route.title} column={column}>
        <LoadingScreen variant="minimal" message="Signing out..." />
      </AppShell>
    );
  }
  if (state.status === 'invalid' && state.reason === 'offline') {
    return (
      <AppShell title={route.title} column={column}>
        <CheckProblem icon heading={AUTH_TEXT.offlineTitle} body={AUTH_TEXT.offlineBody} onRetry={recheck} />
      </AppShell>
    );
  }
  if (state.status === 'invalid' && state.reason === 'error') {
    return (
      <AppShell title={route.title} column={column}>
        <CheckProblem heading="Access check failed" body={state.error} onRetry={recheck} />
      </AppShell>
    );
  }
  // A password alone does not open a page when the account has a second factor: /login asks for it.
  if (state.status !== 'valid' || needsSecondFactor(state.session) || !canAccess(route.access, state.user.role)) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  }
  // Every page but Settings would only fire requests the server refuses: set up the factor first.
  if (mustEnrolSecondFactor(state.session) && route.path !== TWO_FACTOR_PAGE) {
    return <Navigate to={TWO_FACTOR_PATH} replace />;
  }
  return (
    <AppShell title={route.title} navigation={navigation} column={column}>
      <Suspense fallback={<LoadingScreen variant="minimal" message="Loading page..." />}>{children}</Suspense>
    </AppShell>
  );
}

interface CheckProblemProps {
  icon?: boolean;
  heading: string;
  body: string;
  onRetry: () => void;
}

function CheckProblem({ icon, heading, body, onRetry }: CheckProblemProps) {
  return (
    <section role="alert" className="max-w-xl space-y-3 rounded-lg border border-danger p-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {icon ? <WifiOff aria-hidden="true" className="size-5 text-danger" /> : null}
        {heading}
      </h2>
      <p>{body}</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <Link to={LOGIN_PATH} className="inline-flex min-h-11 items-center underline">
          Go to sign in
        </Link>
      </div>
    </section>
  );
}
