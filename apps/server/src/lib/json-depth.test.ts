import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

describe('nestsDeeperThan', () => {
  it('counts lists and objects, and stops at the limit', () => {
    expect(nestsDeeperThan('{"a":[[1,2],[3]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[1,2],[3]]}', 2)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"name":"[[[[{{{{","other":"a\\"[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[["x"]]]', 2)).toBe(true);
  });
});
