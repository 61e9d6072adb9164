import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@argus/contracts/catalogue';
import type { Session, User } from '@argus/contracts/http/auth';
import { LOGIN_PATH } from '@argus/contracts/routes';
import { setSessionEndedListener, type SessionEndCode } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { toast } from '../../components/ui/toast-store';
import { AuthContext, type AuthContextValue, type SignInCredentials, type SignOutReason } from './auth-context';
import { authApi } from './auth.api';
import { authReducer, checkFailureAction, needsSecondFactor, type AuthState } from './auth-state';
import { AUTH_TEXT } from './auth-texts';
import { useSessionKeepalive } from './useSessionKeepalive';
import { forgetSession, recallSession, rememberSession } from './remembered-session';

export interface AuthProviderProps {
  /** The gateway sites are public and never check a session. */
  enabled: boolean;
  children: ReactNode;
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Owns the session: the check on load, sign-in, sign-out, keepalive and expiry. */
export function AuthProvider({ enabled, children }: AuthProviderProps) {
  const initialState: AuthState = enabled ? { status: 'loading' } : { status: 'invalid', reason: 'signed-out' };
  const [state, dispatch] = useReducer(authReducer, initialState);
  const [checkCount, setCheckCount] = useState(0);
  const runningCheck = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    runningCheck.current = controller;
    authApi.me(controller.signal).then(
      ({ user, session }) => dispatch({ type: 'signed-in', user, session }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const action = checkFailureAction(error, navigator.onLine);
        const remembered = action.type === 'offline' ? recallSession(Date.now()) : null;
        dispatch(remembered ? { type: 'resumed-offline', ...remembered } : action);
      },
    );
    return () => controller.abort();
  }, [enabled, checkCount]);

  // What the device remembers follows the session: kept while signed in, gone once signed out.
  useEffect(() => {
    if (state.status === 'valid' && !state.offline) rememberSession({ user: state.user, session: state.session });
    if (state.status === 'invalid' && state.reason === 'signed-out') {
      forgetSession();
      // Loaded when needed: the persister stays out of the sign-in page's first load.
      void import('../../lib/device-cache').then(({ forgetDeviceCache }) => forgetDeviceCache());
      void import('../attention/push-subscription').then(({ unsubscribeThisBrowser }) => unsubscribeThisBrowser());
    }
  }, [state]);

  // Resumed offline: once the signal returns the server confirms the session, or ends it.
  const resumedOffline = state.status === 'valid' && state.offline === true;
  useEffect(() => {
    if (!resumedOffline) return;
    const confirm = () => {
      authApi.me().then(
        ({ user, session }) => dispatch({ type: 'signed-in', user, session }),
        (error: unknown) => {
          if (isApiError(error) && error.status === 401) endSession('session_expired');
        },
      );
    };
    window.addEventListener('online', confirm);
    return () => window.removeEventListener('online', confirm);
  }, [resumedOffline]);

  const recheck = useCallback(() => {
    dispatch({ type: 'check-started' });
    setCheckCount((count) => count + 1);
  }, []);

  const isOffline = state.status === 'invalid' && state.reason === 'offline';
  useEffect(() => {
    if (!isOffline) return;
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [isOffline, recheck]);

  const signIn = useCallback(
    async (credentials: SignInCredentials) => {
      const { user, session } = await ('authCode' in credentials
        ? authApi.providerSession({ auth_code: credentials.authCode, code_verifier: credentials.codeVerifier })
        : authApi.login(credentials));
      // A check begun before this sign-in (a page opened straight at /login?code=…) would
      // otherwise land its "signed out" after this and undo it.
      runningCheck.current?.abort();
      queryClient.clear();
      dispatch({ type: 'signed-in', user, session });
      return { user, secondFactorDue: needsSecondFactor(session) };
    },
    [queryClient],
  );

  const signOut = useCallback(
    async (reason: SignOutReason = 'user') => {
      dispatch({ type: 'sign-out-started' });
      if (reason === 'expired') {
        toast({ title: TEXT.session.expiredTitle, description: TEXT.session.expiredDescription, variant: 'destructive' });
      } else if (reason === 'ended') {
        toast({ title: AUTH_TEXT.sessionEndedTitle, description: AUTH_TEXT.sessionEndedDescription, variant: 'destructive' });
      }
      let confirmed = true;
      try {
        await authApi.logout();
      } catch (error) {
        // A 401 means the server had already ended the session: that is the outcome wanted.
        confirmed = isApiError(error) && error.status === 401;
      }
      if (reason === 'user') {
        toast(
          confirmed
            ? { title: TEXT.logout.title, description: TEXT.logout.description }
            : { title: AUTH_TEXT.logoutUnconfirmedTitle, description: AUTH_TEXT.logoutUnconfirmedDescription },
        );
      }
      // After an expiry the user comes back to the page they were on once they sign in again.
      const from = reason === 'user' ? undefined : currentLocation();
      await navigate(LOGIN_PATH, { replace: true, state: from ? { from } : null });
      queryClient.clear();
      dispatch({ type: 'signed-out' });
    },
    [navigate, queryClient],
  );

  const applySession = useCallback((session: Session) => dispatch({ type: 'session-refreshed', session }), []);
  const applyUser = useCallback((user: User) => dispatch({ type: 'user-updated', user }), []);

  const isSignedIn = state.status === 'valid';
  const endSession = useEffectEvent((code: SessionEndCode) => {
    if (isSignedIn) void signOut(code === 'session_expired' ? 'expired' : 'ended');
  });
  useEffect(() => {
    setSessionEndedListener((code) => endSession(code));
    return () => setSessionEndedListener(null);
  }, []);

  useSessionKeepalive(state.status === 'valid' ? state.session : null, {
    onRefreshed: applySession,
    onExpired: () => void signOut('expired'),
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      user: state.status === 'valid' ? state.user : null,
      session: state.status === 'valid' ? state.session : null,
      recheck,
      signIn,
      signOut,
      applySession,
      applyUser,
    }),
    [state, recheck, signIn, signOut, applySession, applyUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
