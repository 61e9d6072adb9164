import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CivicSettingsResponse, type UpdateCivicSettingsRequest } from '@argus/contracts/http/civic';
import { api } from '../../lib/api';
import { civicQueries } from './civic.queries';

/** An administrator allows reports without an account on the civic site, or requires accounts. */
export function useUpdateCivicSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCivicSettingsRequest) => api.patch('/civic/settings', changes, CivicSettingsResponse),
    onSuccess: (data) => queryClient.setQueryData(civicQueries.settings().queryKey, data),
  });
}
