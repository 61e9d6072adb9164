import { describe, expect, it } from 'vitest';
import { needsCsrf, timeoutFor } from './api';

describe('needsCsrf', () => {
  it('protects every mutating call except sign-in and analytics', () => {
    expect(needsCsrf('POST', '/auth/logout')).toBe(true);
    expect(needsCsrf('PATCH', '/users/1')).toBe(true);
    expect(needsCsrf('DELETE', '/users/1')).toBe(true);
    expect(needsCsrf('POST', '/auth/login')).toBe(false);
    expect(needsCsrf('POST', '/analytics/pageview')).toBe(false);
    expect(needsCsrf('GET', '/auth/me')).toBe(false);
  });
});

describe('timeoutFor', () => {
  it('gives streaming and uploads longer', () => {
    expect(timeoutFor('default')).toBe(30_000);
    expect(timeoutFor('streaming')).toBe(60_000);
    expect(timeoutFor('upload')).toBe(120_000);
  });
});
