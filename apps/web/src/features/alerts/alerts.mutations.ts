import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertResponse } from '@argus/contracts/http/alerts';
import { api } from '../../lib/api';
import { alertQueries } from './alerts.queries';
import { upsertActiveAlert } from './alert-cache';

export type AlertAction = 'acknowledge' | 'resolve';

/** Acknowledge (someone is on it) or resolve (dealt with) an alert. */
export function useAlertActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AlertAction }) => api.post(`/alerts/${encodeURIComponent(id)}/${action}`, {}, AlertResponse),
    onSuccess: ({ alert }) => queryClient.setQueryData(alertQueries.active().queryKey, (old) => (old ? upsertActiveAlert(old, alert) : old)),
  });
}
