import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HomeAreaResponse, type SetHomeAreaRequest } from '@argus/contracts/http/home-area';
import { apiRequest } from '../../lib/api';
import { homeAreaQuery } from '../../lib/map/useHomeArea';

/** Sets the home area, or clears it with null; the answer replaces the cached one, so this browser's next map opens there. */
export function useSetHomeAreaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetHomeAreaRequest) => apiRequest('/map/home-area', { method: 'PUT', body: request, schema: HomeAreaResponse }),
    onSuccess: (answer) => queryClient.setQueryData(homeAreaQuery.queryKey, answer),
  });
}
