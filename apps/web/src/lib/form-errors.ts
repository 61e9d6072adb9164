import type { z } from 'zod';

/** What a form shows beside its fields: one message per field, the first the schema reported. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first issue of each listed top-level field; issues about other fields are left to the caller. */
export function fieldErrors<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  const next: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = fields.find((candidate) => candidate === issue.path[0]);
    if (field !== undefined) next[field] ??= issue.message;
  }
  return next;
}
