import { ERRORS, type ErrorCode } from '@argus/contracts/errors';

/** An error with a stable code that the error handler turns into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}
