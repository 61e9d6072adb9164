import { describe, expect, it } from 'vitest';
import { TEXT } from '@argus/contracts/catalogue';
import { ApiError } from '../../lib/api-error';
import { REGISTERED_BUT_NOT_SIGNED_IN, registrationSignInProblem } from './registration-sign-in';

describe('signing in right after registering', () => {
  it('points someone whose address already had an account to the sign-in form', () => {
    expect(registrationSignInProblem(new ApiError(401, 'invalid_credentials', TEXT.login.invalidCredentials, []))).toBe(
      REGISTERED_BUT_NOT_SIGNED_IN,
    );
  });

  it('says what any other sign-in failure says', () => {
    expect(
      registrationSignInProblem(new ApiError(429, 'account_locked', 'Too many failed sign-in attempts. Try again in 15 minutes.', [])),
    ).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(registrationSignInProblem(new TypeError('Failed to fetch'))).toBe(TEXT.login.serviceUnavailable);
  });
});
