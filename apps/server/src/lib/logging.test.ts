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

  it('hides a TAK playback link’s token after its room, and keeps a WHEP resource’s id', () => {
    expect(loggedUrl('/whep/unit-7/eyJhbGciOi.eyJyb29tIjo.c2lnbmF0dXJl')).toBe('/whep/unit-7/…');
    expect(loggedUrl('/whep/unit-7/3f2c1a9e-0b7d-4c55-9a1e-2d6f8b0c4e11')).toBe('/whep/unit-7/3f2c1a9e-0b7d-4c55-9a1e-2d6f8b0c4e11');
    expect(loggedUrl('/whep/unit-7')).toBe('/whep/unit-7');
  });
});
