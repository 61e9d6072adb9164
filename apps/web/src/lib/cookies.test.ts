import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds one cookie among several', () => {
    expect(readCookie('a=1; argus_csrf=tok%2Fen; b=2', 'argus_csrf')).toBe('tok/en');
    expect(readCookie('argus_csrf=abc', 'argus_csrf')).toBe('abc');
  });

  it('does not match on a name prefix or a missing cookie', () => {
    expect(readCookie('xargus_csrf=1; argus_csrf_old=2', 'argus_csrf')).toBeNull();
    expect(readCookie('', 'argus_csrf')).toBeNull();
  });

  it('keeps values that are not valid URI encoding', () => {
    expect(readCookie('argus_csrf=%E0%A4%A', 'argus_csrf')).toBe('%E0%A4%A');
  });
});
