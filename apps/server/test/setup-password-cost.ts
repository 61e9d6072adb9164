import { vi } from 'vitest';

/**
 * Real argon2id, at its smallest cost. The product hashes with the library's defaults (64 MiB,
 * three passes, four lanes: about a second of CPU per sign-in on CI's loaded cores), and the
 * server tests create and sign in some thousands of users, so the full cost was most of their
 * run time. Hashing and verifying stay real (a wrong password still fails, every hash is
 * argon2id); password-hasher.test.ts checks the product's own parameters without this.
 */
vi.mock('argon2', async (importOriginal) => {
  const argon2 = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  const cheapest = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return {
    default: {
      ...argon2,
      hash: (password: string, options: Parameters<typeof argon2.hash>[1]) => argon2.hash(password, { ...options, ...cheapest }),
    },
  };
});
