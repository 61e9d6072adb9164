import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User } from '@argus/contracts/http/auth';
import type { CreateUserRequest, UpdateUserRequest } from '@argus/contracts/http/users';
import { z } from 'zod';
import { api } from '../../lib/api';
import { usersQueries } from './users.queries';

const UserResponse = z.object({ user: User });

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post('/users', body, UserResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueries.all }),
  });
}

export interface UpdateUserVariables {
  id: string;
  changes: UpdateUserRequest;
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateUserVariables) => api.patch(`/users/${encodeURIComponent(id)}`, changes, UserResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueries.all }),
  });
}
