import { queryOptions } from '@tanstack/react-query';
import { mfaApi } from './mfa.api';

/** The signed-in user's second factors. */
export const mfaQueries = {
  all: ['mfa'] as const,
  factors: () => queryOptions({ queryKey: [...mfaQueries.all, 'factors'] as const, queryFn: ({ signal }) => mfaApi.factors(signal) }),
};
