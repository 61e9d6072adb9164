import { z } from 'zod';

/** Epoch milliseconds; every time on the wire is one. */
export const Timestamp = z.number().int().nonnegative();

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }).max(254, 'Email is too long.'));

export const Ok = z.object({ ok: z.literal(true) });
