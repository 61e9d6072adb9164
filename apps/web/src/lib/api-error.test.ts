import { describe, expect, it } from 'vitest';
import { ApiError, describeError, errorFromResponse, issueFor } from './api-error';

describe('errorFromResponse', () => {
  it('reads the contract error body', () => {
    const error = errorFromResponse(409, 'Conflict', { error: { code: 'email_taken', message: 'A user with that email already exists.' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken', message: 'A user with that email already exists.', issues: [] });
    expect(error.isClientError).toBe(true);
  });

  it('keeps per-field issues of validation errors', () => {
    const error = errorFromResponse(400, 'Bad Request', {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        issues: [{ path: 'body.email', message: 'Enter a valid email address.' }],
      },
    });
    expect(issueFor(error, 'email')).toBe('Enter a valid email address.');
    expect(issueFor(error, 'password')).toBeUndefined();
  });

  it('keeps codes this build does not know apart, with the message the server sent', () => {
    const error = errorFromResponse(429, 'Too Many Requests', { code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(error).toMatchObject({ status: 429, code: 'unknown_error', message: 'Request rate limit reached' });
  });

  it('does not trust bodies of another shape (a proxy error page)', () => {
    const error = errorFromResponse(502, 'Bad Gateway', '<html>bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: '502 Bad Gateway' });
    expect(error.isClientError).toBe(false);
  });
});

describe('describeError', () => {
  it('turns client-side failures into sentences', () => {
    expect(describeError(new ApiError(0, 'network_error', 'x'))).toMatch(/Could not reach the server/);
    expect(describeError(new ApiError(0, 'timeout', 'x'))).toMatch(/too long/);
    expect(describeError(new ApiError(400, 'weak_password', 'Password is too easy to guess.'))).toBe('Password is too easy to guess.');
  });
});
