import { describe, expect, it } from 'vitest';
import { API } from '@argus/contracts/constants';
import { uploadTimeoutFor } from './basemaps.mutations';

describe('uploadTimeoutFor', () => {
  it('gives a small archive the usual upload timeout', () => {
    expect(uploadTimeoutFor(0)).toBe(API.uploadTimeoutMs);
    expect(uploadTimeoutFor(32 * 1024)).toBe(API.uploadTimeoutMs);
  });

  it('gives a large archive a second per MB, so a region’s extract is not cut off', () => {
    expect(uploadTimeoutFor(600 * 1024 * 1024)).toBe(600_000);
    expect(uploadTimeoutFor(8 * 1024 * 1024 * 1024)).toBe(8192_000);
  });
});
