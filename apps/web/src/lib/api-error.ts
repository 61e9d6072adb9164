import { z } from 'zod';
import { ERRORS, ErrorBody, type ErrorCode } from '@argus/contracts/errors';

/** Codes the client makes up for failures that never reached a server answer, or answers it cannot read. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  timeout: 'timeout',
  invalidResponse: 'invalid_response',
  http: 'http_error',
  /** A code this build does not know: a newer server's, or one the token API borrows from Supabase Auth. */
  unknown: 'unknown_error',
} as const;

/** A code made up in the browser (see CLIENT_ERROR_CODES). */
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/** What ApiError.code can be: one of the contracts' stable codes, or one the client made up. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Whether a code is one of the contracts' stable codes (errors.ts). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The code a server sent, or the explicit fallback when this build does not know it (its message is still shown). */
export function toApiErrorCode(code: string): ApiErrorCode {
  return isErrorCode(code) ? code : CLIENT_ERROR_CODES.unknown;
}

export interface ErrorIssue {
  path: string;
  message: string;
}

/** Every failed request surfaces as one of these: status 0 means no HTTP answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ErrorIssue[];

  constructor(status: number, code: ApiErrorCode, message: string, issues: ErrorIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Builds the error for a non-2xx answer, trusting the body only when it has the contract's shape. */
const TokenApiErrorBody = z.object({ code: z.string(), message: z.string() });

export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, issues } = parsed.data.error;
    return new ApiError(status, toApiErrorCode(code), message, issues ?? []);
  }
  // The token API (/auth/v1) answers in the Supabase Auth shape: { code, message }.
  const tokenApi = TokenApiErrorBody.safeParse(body);
  if (tokenApi.success) return new ApiError(status, toApiErrorCode(tokenApi.data.code), tokenApi.data.message);
  const message = statusText ? `${status} ${statusText}` : `Request failed with status ${status}`;
  return new ApiError(status, CLIENT_ERROR_CODES.http, message);
}

/** The first problem reported for one form field, for showing it beside that field. */
export function issueFor(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.issues.find((issue) => issue.path === field || issue.path.endsWith(`.${field}`))?.message;
}

/** A sentence a person can act on, for inline form errors. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === CLIENT_ERROR_CODES.network) return 'Could not reach the server. Check your connection and try again.';
    if (error.code === CLIENT_ERROR_CODES.timeout) return 'The server took too long to answer. Try again.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
