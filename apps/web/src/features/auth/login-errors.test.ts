import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { loginErrorDescription } from './login-errors';

describe('loginErrorDescription', () => {
  it('maps the catalogue codes to the specification texts', () => {
    expect(loginErrorDescription(new ApiError(401, 'invalid_credentials', 'whatever'))).toBe('Invalid email or password');
    expect(loginErrorDescription(new ApiError(500, 'authentication_failed', 'db down'))).toBe('Authentication failed');
  });

  it('passes the server message through for deactivated accounts, lockouts, rate limits and validation', () => {
    const inactive = 'This account has been deactivated. Ask an administrator to reactivate it.';
    expect(loginErrorDescription(new ApiError(403, 'account_inactive', inactive))).toBe(inactive);
    const locked = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    expect(loginErrorDescription(new ApiError(429, 'account_locked', locked))).toBe(locked);
    expect(loginErrorDescription(new ApiError(429, 'rate_limited', 'Slow down'))).toBe('Slow down');
    expect(loginErrorDescription(new ApiError(400, 'validation_failed', 'Enter a valid email address.'))).toBe(
      'Enter a valid email address.',
    );
  });

  it('reads network failures, other server errors and surprises as the service being unavailable', () => {
    expect(loginErrorDescription(new ApiError(0, 'network_error', 'Network request failed.'))).toBe('Authentication service unavailable');
    expect(loginErrorDescription(new ApiError(0, 'timeout', 'timed out'))).toBe('Authentication service unavailable');
    expect(loginErrorDescription(new ApiError(503, 'service_unavailable', 'x'))).toBe('Authentication service unavailable');
    expect(loginErrorDescription(new ApiError(500, 'internal', 'x'))).toBe('Authentication service unavailable');
    expect(loginErrorDescription(new TypeError('boom'))).toBe('Authentication service unavailable');
  });
});
