import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '@argus/contracts/errors';
import { AppError } from '../../lib/app-error';

/** Where GoTrue's code or status differs from Argus's own for the same failure. */
const GOTRUE: Partial<Record<ErrorCode, { status: number; code: string }>> = {
  invalid_credentials: { status: 400, code: 'invalid_credentials' },
  account_locked: { status: 429, code: 'over_request_rate_limit' },
  account_inactive: { status: 400, code: 'user_banned' },
  unauthenticated: { status: 401, code: 'no_authorization' },
  session_expired: { status: 403, code: 'session_expired' },
  rate_limited: { status: 429, code: 'over_request_rate_limit' },
  not_found: { status: 404, code: 'not_found' },
  internal: { status: 500, code: 'unexpected_failure' },
};

export interface TokenApiError {
  status: number;
  body: { code: string; message: string; msg: string };
}

/**
 * GoTrue's error body for API version 2024-01-01: the client reads `code` for the error code
 * and `msg` (or `message`) for the text. 5xx never carries details.
 */
export function tokenApiError(error: FastifyError | Error): TokenApiError {
  if (error instanceof AppError) return shaped(error.code, error.status, error.message);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => issue.message ?? 'is not valid').join('; ');
    return shaped('validation_failed', 400, `The ${error.validationContext ?? 'request'} is not valid: ${details}`);
  }
  const status = (error as FastifyError).statusCode;
  if (status === 429) return shaped('rate_limited', 429, ERRORS.rate_limited.message);
  if (status === 415) return shaped('unsupported_media_type', 415, ERRORS.unsupported_media_type.message);
  if (status && status >= 400 && status < 500) return shaped('validation_failed', status, error.message);
  return shaped('internal', 500, ERRORS.internal.message);
}

function shaped(code: ErrorCode, status: number, message: string): TokenApiError {
  const gotrue = GOTRUE[code];
  return { status: gotrue?.status ?? status, body: { code: gotrue?.code ?? code, message, msg: message } };
}
