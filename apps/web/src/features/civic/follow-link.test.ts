import { describe, expect, it } from 'vitest';
import { FollowToken } from '@argus/contracts/http/reports';
import { followTokenFrom, followUrl, newFollowToken } from './follow-link';

describe('follow links', () => {
  it('makes tokens the server takes, different every time', () => {
    const tokens = Array.from({ length: 20 }, newFollowToken);
    for (const token of tokens) expect(FollowToken.safeParse(token).success).toBe(true);
    expect(new Set(tokens).size).toBe(20);
  });

  it('puts the token after "#" and reads it back, refusing anything else', () => {
    const token = newFollowToken();
    const url = new URL(followUrl(token, 'http://civic.localhost'));
    expect(url.pathname).toBe('/track');
    expect(followTokenFrom(url.hash)).toBe(token);
    expect(followTokenFrom('#short')).toBeNull();
    expect(followTokenFrom('')).toBeNull();
    expect(followTokenFrom(`#${token}<script>`)).toBeNull();
  });
});
