import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_HOSTS } from '@argus/contracts/sites';
import { isAllowedOrigin } from './origin';

const allowed = (origin: string | undefined, host = '127.0.0.1:8080') => isAllowedOrigin(origin, host, DEFAULT_SITE_HOSTS);

describe('realtime origin check', () => {
  it('accepts the host the socket was opened on and every configured site, on any port', () => {
    expect(allowed('http://127.0.0.1:8080')).toBe(true);
    expect(allowed('https://civic.localhost')).toBe(true);
    expect(allowed('http://localhost:5173')).toBe(true);
    expect(allowed('http://team.preview.localhost:5173')).toBe(true);
  });

  it('refuses other sites, look-alikes, opaque and non-web origins', () => {
    expect(allowed('https://evil.example')).toBe(false);
    expect(allowed('http://127.0.0.1:9999')).toBe(false);
    expect(allowed('http://localhost.evil.example')).toBe(false);
    expect(allowed('http://evilcivic.localhost')).toBe(false);
    expect(allowed('null')).toBe(false);
    expect(allowed('file://localhost')).toBe(false);
  });

  it('leaves a client without Origin (not a browser) to its credentials', () => {
    expect(allowed(undefined)).toBe(true);
  });
});
