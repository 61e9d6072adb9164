import { describe, expect, it } from 'vitest';
import { pkceS256 } from './pkce';

describe('PKCE S256', () => {
  it('matches the example of RFC 7636 appendix B', () => {
    expect(pkceS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
