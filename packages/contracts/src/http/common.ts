import { z } from 'zod';

/** Epoch milliseconds; every time on the wire is one. */
export const Timestamp = z.number().int().nonnegative();

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }).max(254, 'Email is too long.'));

/**
 * The domain of the made-up addresses wall displays' and trackers' accounts carry
 * (docs/decisions/0051-device-sessions-and-retention.md). `.invalid` is reserved (RFC 2606), so no
 * mail can ever go there, and no person's account may use it: screens name a device by its name
 * alone, which must not be open to imitation.
 */
export const DEVICE_ACCOUNT_DOMAIN = 'devices.argus.invalid';

/** The address of an account being made: any address but a device's. */
export const NewAccountEmail = Email.refine(
  (email) => !email.endsWith(`@${DEVICE_ACCOUNT_DOMAIN}`),
  'This address is reserved for Argus’s own devices. Use your own email address.',
);

export const Ok = z.object({ ok: z.literal(true) });
