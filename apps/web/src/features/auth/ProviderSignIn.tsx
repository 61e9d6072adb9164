import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@argus/contracts/catalogue';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from './auth-context';
import { authQueries } from './auth.queries';
import { fromLocationState } from './location-state';
import { loginErrorDescription } from './login-errors';
import { startProviderSignIn, takeProviderFlow } from './provider-sign-in';

/** "Sign in with …" for each OIDC provider the server offers; nothing when it offers none. */
export function ProviderButtons() {
  const location = useLocation();
  const providers = useQuery(authQueries.providers());
  const [leaving, setLeaving] = useState(false);
  if (!providers.data?.length) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-line pt-4">
      {providers.data.map(({ name }) => (
        <Button
          key={name}
          variant="secondary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void startProviderSignIn(name, fromLocationState(location.state));
          }}
        >
          {`Sign in with ${name}`}
        </Button>
      ))}
    </div>
  );
}

/**
 * Back from the provider at /login?code=… (or ?error=…): trade the code and this tab's PKCE
 * verifier for a session, then clear the address bar of both.
 */
export function useProviderReturn(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const error = params.get('error');
  const description = params.get('error_description');
  const handled = useRef(false);
  const [exchanging, setExchanging] = useState(false);
  const pending = code !== null || error !== null;

  useEffect(() => {
    if (!pending || handled.current) return;
    handled.current = true;
    const { verifier, from } = takeProviderFlow();
    // The code leaves the address bar at once; where the guard stopped the user rides along.
    void navigate(location.pathname, { replace: true, state: from ? { from } : null });
    if (error || !code || !verifier) {
      toast({
        title: TEXT.login.failedTitle,
        description: description ?? 'This sign-in was not started here. Try again.',
        variant: 'destructive',
      });
      return;
    }
    setExchanging(true);
    signIn({ authCode: code, codeVerifier: verifier })
      .then(
        ({ user, secondFactorDue }) => {
          if (!secondFactorDue) toast({ title: TEXT.login.successTitle, description: TEXT.login.welcome(user.full_name) });
        },
        (failure: unknown) => toast({ title: TEXT.login.failedTitle, description: loginErrorDescription(failure), variant: 'destructive' }),
      )
      .finally(() => setExchanging(false));
  }, [pending, navigate, location.pathname, error, code, signIn, description]);
  return pending || exchanging;
}
