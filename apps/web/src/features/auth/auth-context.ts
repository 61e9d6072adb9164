import { createContext, useContext } from 'react';
import type { LoginRequest, Session, User } from '@argus/contracts/http/auth';
import type { AuthState } from './auth-state';

/** Why a session ends decides which toast the user sees. */
export type SignOutReason = 'user' | 'expired' | 'ended';

/** A password, or the code and PKCE verifier a sign-in provider's round trip ended with. */
export type SignInCredentials = LoginRequest | { authCode: string; codeVerifier: string };

/** Who signed in, and whether a code from the authenticator app is still to come before anything opens. */
export interface SignedIn {
  user: User;
  secondFactorDue: boolean;
}

export interface AuthContextValue {
  state: AuthState;
  user: User | null;
  session: Session | null;
  /** Runs the session check again (after an error, or when the connection returns). */
  recheck: () => void;
  signIn: (credentials: SignInCredentials) => Promise<SignedIn>;
  signOut: (reason?: SignOutReason) => Promise<void>;
  applySession: (session: Session) => void;
  applyUser: (user: User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
