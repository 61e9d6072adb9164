import { API } from '@argus/contracts/constants';
import { isApiError } from '../lib/api-error';

/** A 4xx answer will not change by asking again; a timeout, network drop or 5xx might. */
function isPermanent(error: unknown): boolean {
  return isApiError(error) && error.isClientError;
}

/** docs/specification.md: queries never retry a 4xx and otherwise retry up to 3 times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isPermanent(error)) return false;
  return failureCount < API.retryAttempts;
}

const MUTATION_RETRIES = 1;

/** docs/specification.md: mutations retry once, but a rejected request (4xx) is final. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isPermanent(error)) return false;
  return failureCount < MUTATION_RETRIES;
}
