import { TEXT } from '@argus/contracts/catalogue';
import { isApiError } from '../../lib/api-error';

/**
 * The description of the "Login failed" toast (docs/specification.md section 8). Deactivated accounts,
 * lockouts, rate limits and validation problems carry the server's own message because it
 * tells the user what to do; anything unexpected reads as the service being unavailable.
 */
export function loginErrorDescription(error: unknown): string {
  if (!isApiError(error)) return TEXT.login.serviceUnavailable;
  if (error.code === 'invalid_credentials') return TEXT.login.invalidCredentials;
  if (error.code === 'authentication_failed') return TEXT.login.authenticationFailed;
  if (error.code === 'account_inactive' || error.status === 429 || error.status === 400) return error.message;
  return TEXT.login.serviceUnavailable;
}
