import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_TYPES, resolveSiteType } from './sites';

describe('host resolution against any Host header', () => {
  it('always names a known site type and never throws', () => {
    const host = fc.oneof(
      fc.string(),
      fc.domain(),
      fc.tuple(fc.domain(), fc.integer({ min: 0, max: 70000 })).map(([name, port]) => `${name}:${port}`),
      fc.constantFrom('[::1]:8080', 'LOCALHOST.', 'civic.localhost:', '*.localhost', '..', ':', '\u0000'),
    );
    fc.assert(
      fc.property(fc.option(host, { nil: undefined }), (value) => {
        expect(SITE_TYPES).toContain(resolveSiteType(value));
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });
});
