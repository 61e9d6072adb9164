import { queryOptions } from '@tanstack/react-query';
import { ActiveUsersResponse } from '@argus/contracts/http/auth';
import { UserListResponse } from '@argus/contracts/http/users';
import { api } from '../../lib/api';

/** User lists for administrators: every user, and the active ones they may switch to. */
export const usersQueries = {
  all: ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...usersQueries.all, 'list'],
      queryFn: ({ signal }) => api.get('/users', UserListResponse, { signal }),
      select: (data) => data.users,
    }),
  active: () =>
    queryOptions({
      queryKey: [...usersQueries.all, 'active'],
      queryFn: ({ signal }) => api.get('/users/active', ActiveUsersResponse, { signal }),
      select: (data) => data.users,
    }),
};
