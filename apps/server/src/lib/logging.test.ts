import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logging';

describe('loggedUrl', () => {
  it('hides a caller link’s token in the page and API paths, and nothing else', () => {
    expect(loggedUrl('/l/abcDEF123_-')).toBe('/l/…');
    expect(loggedUrl('/caller/abcDEF123_-/position')).toBe('/caller/…/position');
    expect(loggedUrl('/caller/abc?x=1')).toBe('/caller/…?x=1');
    expect(loggedUrl('/incidents/abc/caller-links')).toBe('/incidents/abc/caller-links');
    expect(loggedUrl('/login')).toBe('/login');
  });
});
