import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_HOSTS } from '@argus/contracts/sites';
import { isAllowedOrigin } from './origin';

const allowed = (origin: string | undefined, host = 'localhost:3000', protocol = 'http') =>
  isAllowedOrigin(origin, { protocol, host }, DEFAULT_SITE_HOSTS);

describe('realtime origin check', () => {
  it('accepts the origin the socket was opened on and every configured site, on the same scheme and port', () => {
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
    expect(allowed('http://civic.localhost:3000')).toBe(true);
    expect(allowed('http://team.preview.localhost:3000')).toBe(true);
    expect(allowed('https://civic.localhost', 'localhost', 'https')).toBe(true);
    expect(allowed('https://civic.localhost:443', 'localhost', 'https')).toBe(true);
    expect(allowed('http://localhost', 'localhost:80')).toBe(true);
  });

  it('refuses a configured site or the very host on another port or scheme', () => {
    expect(allowed('http://localhost:9999')).toBe(false);
    expect(allowed('http://civic.localhost:5173')).toBe(false);
    expect(allowed('http://localhost')).toBe(false);
    expect(allowed('https://localhost:3000')).toBe(false);
    expect(allowed('http://civic.localhost', 'localhost', 'https')).toBe(false);
    expect(allowed('http://127.0.0.1:9999', '127.0.0.1:8080')).toBe(false);
  });

  it('refuses other sites, look-alikes, opaque and non-web origins', () => {
    expect(allowed('https://evil.example')).toBe(false);
    expect(allowed('http://evil.example:3000')).toBe(false);
    expect(allowed('http://localhost.evil.example:3000')).toBe(false);
    expect(allowed('http://evilcivic.localhost:3000')).toBe(false);
    expect(allowed('null')).toBe(false);
    expect(allowed('file://localhost')).toBe(false);
  });

  it('refuses every browser origin when the request names no host it can be compared with', () => {
    expect(allowed('http://localhost:3000', '')).toBe(false);
    expect(allowed('http://localhost:3000', 'bad host')).toBe(false);
  });

  it('leaves a client without Origin (not a browser) to its credentials', () => {
    expect(allowed(undefined)).toBe(true);
  });
});
