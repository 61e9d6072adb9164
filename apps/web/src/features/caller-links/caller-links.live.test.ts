import { describe, expect, it } from 'vitest';
import type { CallerLink } from '@argus/contracts/http/caller-links';
import { upsertCallerLink } from './caller-links.live';

const link = (id: string, createdAt: number, at: number | null, revokedAt: number | null = null): CallerLink => ({
  id,
  incidentId: 'i1',
  state: revokedAt ? 'revoked' : at ? 'live' : 'waiting',
  createdAt,
  createdBy: null,
  expiresAt: createdAt + 60_000,
  revokedAt,
  liveUntil: null,
  position: at === null ? null : { lat: 1, lon: 2, accuracy: 5, at },
});

describe('upsertCallerLink', () => {
  it('puts a new link first and replaces one by id with a later fix', () => {
    const links = upsertCallerLink([link('a', 1, null)], link('b', 2, null));
    expect(links.map((item) => item.id)).toEqual(['b', 'a']);
    expect(upsertCallerLink(links, link('a', 1, 50))[1]?.position?.at).toBe(50);
  });

  it('never lets an older copy replace a newer one, but lets a revoke through', () => {
    const held = [link('a', 1, 50)];
    expect(upsertCallerLink(held, link('a', 1, 40))[0]?.position?.at).toBe(50);
    expect(upsertCallerLink(held, link('a', 1, 50, 60))[0]?.state).toBe('revoked');
  });
});
