import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { shouldRetryMutation, shouldRetryQuery } from './retry-policy';

const serverError = new ApiError(500, 'internal', 'boom');
const networkError = new ApiError(0, 'network_error', 'offline');

describe('shouldRetryQuery', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'http_error', 'x'))).toBe(false);
    }
  });

  it('retries server and network failures up to 3 times', () => {
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(true);
    expect(shouldRetryQuery(3, serverError)).toBe(false);
    expect(shouldRetryQuery(1, networkError)).toBe(true);
  });

  it('treats errors that are not ApiErrors as transient', () => {
    expect(shouldRetryQuery(0, new TypeError('failed'))).toBe(true);
    expect(shouldRetryQuery(3, new TypeError('failed'))).toBe(false);
  });
});

describe('shouldRetryMutation', () => {
  it('retries a server failure once', () => {
    expect(shouldRetryMutation(0, serverError)).toBe(true);
    expect(shouldRetryMutation(1, serverError)).toBe(false);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetryMutation(0, new ApiError(400, 'weak_password', 'weak'))).toBe(false);
    expect(shouldRetryMutation(0, new ApiError(409, 'email_taken', 'taken'))).toBe(false);
  });
});
