import { describeError, isApiError } from '../../lib/api-error';
import type { FieldErrors } from '../../lib/form-errors';

/**
 * A server refusal placed beside the field it is about: each issue the server names a field for goes
 * under that field, and a refusal about none of them (a file that is not an archive, a name already
 * refused by the server's own rule) goes under `fallback`, so every message lands somewhere visible.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[], fallback: F): FieldErrors<F> {
  const next: FieldErrors<F> = {};
  const issues = isApiError(error) ? error.issues : [];
  for (const issue of issues) {
    const field = fields.find((candidate) => issue.path === candidate || issue.path.endsWith(`.${candidate}`));
    if (field !== undefined) next[field] ??= issue.message;
  }
  if (Object.keys(next).length === 0) next[fallback] = describeError(error);
  return next;
}
