import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@argus/contracts/catalogue';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '@argus/contracts/http/auth';
import { describeError } from '../../lib/api-error';
import { queueToastForNextLoad, toast } from '../../components/ui/toast-store';
import { canSwitchUsers } from '../../app/site-access';
import { usersQueries } from '../users/users.queries';
import { useAuth } from './auth-context';
import { authApi } from './auth.api';
import { ACCESS_DENIED_TOAST, switchErrorToast } from './switch-errors';

/** A switch changes who the whole app is for, so it starts again from "/" with nothing cached. */
function reloadAtHome(): void {
  window.history.replaceState(null, '', '/');
  window.location.reload();
}

/**
 * Switching is never retried: if the first request reached the server, a second could act on
 * a session that has already changed hands.
 */
export function useSwitchUserMutation() {
  const { user } = useAuth();
  const mutation = useMutation({
    mutationFn: (userId: string) => authApi.switchUser({ userId }),
    retry: false,
    onSuccess: ({ user: target }) => {
      queueToastForNextLoad({ title: TEXT.switching.switchedTitle, description: `Now operating as ${target.full_name}` });
      reloadAtHome();
    },
    onError: (error) => toast(switchErrorToast(error)),
  });
  const switchTo = (userId: string) => {
    if (!canSwitchUsers(user?.role)) {
      toast(ACCESS_DENIED_TOAST);
      return;
    }
    mutation.mutate(userId);
  };
  return { ...mutation, switchTo };
}

export function useSwitchBackMutation() {
  return useMutation({
    mutationFn: () => authApi.switchBack(),
    retry: false,
    onSuccess: ({ user }) => {
      queueToastForNextLoad({ title: TEXT.switching.switchedBackTitle, description: `Signed in as ${user.full_name}` });
      reloadAtHome();
    },
    onError: (error) => toast({ title: TEXT.switching.switchBackFailedTitle, description: describeError(error), variant: 'destructive' }),
  });
}

export function useUpdateProfileMutation() {
  const { applyUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => authApi.updateProfile(body),
    onSuccess: ({ user }) => {
      applyUser(user);
      return queryClient.invalidateQueries({ queryKey: usersQueries.all });
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => authApi.changePassword(body),
  });
}
