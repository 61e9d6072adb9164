import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertResponse } from '@argus/contracts/http/alerts';
import { api } from '../../lib/api';
import { alertQueries } from './alerts.queries';
import { upsertActiveAlert } from './alerts.live';

export type AlertAction = 'acknowledge' | 'resolve' | 'dismiss';

export interface AlertActionInput {
  id: string;
  action: AlertAction;
  /** Why it is dismissed: required by the server for 'dismiss'. */
  verdict?: string;
}

/** Acknowledge (someone is on it), resolve (dealt with) or dismiss with a verdict (not a real threat). */
export function useAlertActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, verdict }: AlertActionInput) =>
      api.post(`/alerts/${encodeURIComponent(id)}/${action}`, action === 'dismiss' ? { verdict } : {}, AlertResponse),
    onSuccess: ({ alert }) =>
      queryClient.setQueryData(alertQueries.active().queryKey, (old) => (old ? upsertActiveAlert(old, alert) : old)),
  });
}
