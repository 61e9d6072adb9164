import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { LOGIN_PATH, findRoute } from '@argus/contracts/routes';
import { AppShell } from '../../components/layout/AppShell';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Button } from '../../components/ui/Button';
import { postLoginTarget } from '../../app/site-access';
import { useSite } from '../../app/site-context';
import { useAuth } from './auth-context';
import { AUTH_TEXT } from './auth-texts';
import { fromLocationState } from './location-state';
import { LoginForm } from './LoginForm';
import { ProviderButtons, useProviderReturn } from './ProviderSignIn';
import { mustEnrolSecondFactor, needsSecondFactor } from './auth-state';
import { TWO_FACTOR_PATH } from '../mfa/two-factor-anchor';
import { FirstRunSetup } from '../first-run/FirstRunSetup';

const TITLE = findRoute(LOGIN_PATH)?.title ?? 'Secure Sign In';

// Only the civic site offers registration; other sites never download the form (README, "Build").
const SecondFactorForm = lazy(async () => ({ default: (await import('../mfa/SecondFactorForm')).SecondFactorForm }));
const CivicRegistration = lazy(async () => ({ default: (await import('./RegisterForm')).CivicRegistration }));

/**
 * /login. A signed-in user (including one who just signed in here) moves on to the page the
 * guard remembered, or their role's home; the form never shows to someone already signed in.
 */
export function LoginPage() {
  const { state, signOut } = useAuth();
  const site = useSite();
  const location = useLocation();
  const returning = useProviderReturn();

  if (state.status === 'valid' && needsSecondFactor(state.session)) {
    return (
      <AppShell title={TITLE}>
        <section aria-label="Second factor" className="mx-auto max-w-md rounded-xl border border-line bg-surface-raised p-5 sm:p-6">
          <Suspense fallback={null}>
            <SecondFactorForm />
          </Suspense>
        </section>
      </AppShell>
    );
  }

  if (state.status === 'valid') {
    const target = mustEnrolSecondFactor(state.session)
      ? TWO_FACTOR_PATH
      : postLoginTarget(site, state.user.role, fromLocationState(location.state));
    if (target) {
      // The frame stays while the next page loads, so the screen never goes blank in between.
      return (
        <AppShell title={TITLE}>
          <Navigate to={target} replace />
          <LoadingScreen variant="minimal" message="Opening your page..." />
        </AppShell>
      );
    }
    return (
      <AppShell title={TITLE}>
        <section className="mx-auto max-w-md space-y-4">
          <p>{`Signed in as ${state.user.full_name}.`}</p>
          <p>{AUTH_TEXT.wrongSite(ROLE_LABELS[state.user.role])}</p>
          <Button onClick={() => void signOut('user')}>Logout</Button>
        </section>
      </AppShell>
    );
  }

  if (returning) {
    return (
      <AppShell title={TITLE}>
        <LoadingScreen variant="minimal" message="Finishing sign-in..." />
      </AppShell>
    );
  }

  return (
    <AppShell title={TITLE}>
      {site === 'main' ? <FirstRunSetup /> : null}
      <section aria-label="Sign in form" className="mx-auto max-w-md rounded-xl border border-line bg-surface-raised p-5 sm:p-6">
        <p className="mb-4 text-ink-muted">Sign in with your Argus account.</p>
        <LoginForm />
        <ProviderButtons />
      </section>
      {site === 'civic' ? (
        <Suspense fallback={null}>
          <CivicRegistration />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
