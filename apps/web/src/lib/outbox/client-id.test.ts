import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientId } from '@argus/contracts/http/units';
import { newClientId } from './client-id';

describe('client ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are UUIDs the server accepts, all different', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newClientId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(ClientId.safeParse(id).success).toBe(true);
  });

  it('are made from random bytes where randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const id = newClientId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ClientId.safeParse(id).success).toBe(true);
  });
});
