import { describe, expect, it, vi } from 'vitest';

// The server tests hash at the cheapest cost (test/setup-password-cost.ts); this file checks
// what the product itself does.
vi.unmock('argon2');

const { decoyPasswordHash, hashPassword, verifyPassword } = await import('./password-hasher');

describe('password hashing', () => {
  it('hashes with argon2id at 64 MiB, three passes and four lanes, salted afresh each time', async () => {
    const first = await hashPassword('Lantern-Gravel-Orbit-93');
    const second = await hashPassword('Lantern-Gravel-Orbit-93');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password only, and answers false to a hash it cannot read', async () => {
    const hash = await hashPassword('Lantern-Gravel-Orbit-93');
    expect(await verifyPassword(hash, 'Lantern-Gravel-Orbit-93')).toBe(true);
    expect(await verifyPassword(hash, 'Lantern-Gravel-Orbit-94')).toBe(false);
    expect(await verifyPassword('not a hash', 'Lantern-Gravel-Orbit-93')).toBe(false);
    expect(await verifyPassword(await decoyPasswordHash(), 'Lantern-Gravel-Orbit-93')).toBe(false);
  });
});
