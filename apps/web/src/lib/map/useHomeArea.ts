import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeAreaResponse } from '@argus/contracts/http/home-area';
import { api } from '../api';

/**
 * The operation's home area (docs/decisions/0058-home-area.md): where every map with no subject of
 * its own opens. With no signal the question fails at once (networkMode always, no retry) and the
 * map opens without it rather than waiting.
 */
export const homeAreaQuery = queryOptions({
  queryKey: ['map', 'home-area'],
  queryFn: ({ signal }) => api.get('/map/home-area', HomeAreaResponse, { signal }),
  // Saving replaces it in the saver's cache and command's live cache takes home-area.updated; the
  // derived area follows the units, so other maps ask again when they next mount after a minute.
  staleTime: 60_000,
  retry: false,
  networkMode: 'always',
});

/** The home area once known (null when it could not be read), and whether the question is settled. */
export function useHomeArea(): { homeArea: HomeAreaResponse | null; settled: boolean } {
  const query = useQuery(homeAreaQuery);
  return { homeArea: query.data ?? null, settled: query.isFetched || query.isError || query.fetchStatus === 'paused' };
}
