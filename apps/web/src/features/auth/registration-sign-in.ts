import { isApiError } from '../../lib/api-error';
import { loginErrorDescription } from './login-errors';

/**
 * Registration answers alike whether or not the address already had an account, so the sign-in
 * that follows it is where a taken address shows: its holder's password is not the one just chosen.
 */
export const REGISTERED_BUT_NOT_SIGNED_IN =
  'This email address and password did not sign you in. If you already have an account, sign in above with its password.';

/** What to tell someone whose sign-in right after registering failed. */
export function registrationSignInProblem(error: unknown): string {
  return isApiError(error) && error.code === 'invalid_credentials' ? REGISTERED_BUT_NOT_SIGNED_IN : loginErrorDescription(error);
}
