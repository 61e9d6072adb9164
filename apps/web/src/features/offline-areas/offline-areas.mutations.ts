import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SentOfflineAreaResponse, type SendOfflineAreaRequest } from '@argus/contracts/http/offline-areas';
import { api } from '../../lib/api';
import { sentOfflineAreaQueries } from './offline-areas.queries';

export function useSendOfflineAreaMutation(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendOfflineAreaRequest) =>
      api.post(`/units/${encodeURIComponent(unitId)}/offline-areas`, body, SentOfflineAreaResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentOfflineAreaQueries.forUnit(unitId).queryKey }),
  });
}

export function useWithdrawOfflineAreaMutation(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (areaId: string) => api.delete(`/units/${encodeURIComponent(unitId)}/offline-areas/${encodeURIComponent(areaId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentOfflineAreaQueries.forUnit(unitId).queryKey }),
  });
}
