import { z } from 'zod';
import { NewAccountEmail } from './common';
import { singleLineText } from './text';
import { User } from './auth';

/**
 * First run in the browser (docs/decisions/0045-first-run-setup-code.md): while no user exists,
 * the main site's sign-in page creates the first Super_Admin, given the one-time setup code the
 * server printed to its terminal when it started.
 */
export const FIRST_RUN_PATH = '/auth/setup';

/** The setup code as printed: four groups of four from an alphabet without look-alike characters. */
export const SETUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SETUP_CODE_GROUPS = 4;
export const SETUP_CODE_GROUP_LENGTH = 4;

/** Whether the sign-in page offers to create the first administrator. */
export const FirstRunStatus = z.object({ open: z.boolean() });
export type FirstRunStatus = z.infer<typeof FirstRunStatus>;

export const FirstRunRequest = z.object({
  /** Typed as printed; spaces, dashes and case do not matter. */
  setupCode: z
    .string()
    .max(100, 'The setup code is too long.')
    .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().min(1, 'Enter the setup code the server printed when it started.')),
  email: NewAccountEmail,
  full_name: singleLineText().min(1, 'Enter your name.').max(200, 'Name is too long.'),
  password: z.string().max(1024, 'Password is too long.'),
});
export type FirstRunRequest = z.infer<typeof FirstRunRequest>;

/** The administrator just created; the browser signs in with the same email and password next. */
export const FirstRunResponse = z.object({ user: User });
export type FirstRunResponse = z.infer<typeof FirstRunResponse>;
