import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth.api';

/** What the sign-in page reads before anyone is signed in. */
export const authQueries = {
  all: ['auth'] as const,
  /** The OIDC providers the server offers: they change only with its configuration, and a failure means none. */
  providers: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'providers'] as const,
      queryFn: () => authApi.providers(),
      staleTime: Infinity,
      retry: false,
    }),
};
