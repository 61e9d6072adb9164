import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import type { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { apiRequest } from '../../lib/api';
import { unitSymbolQueries } from './unit-symbols.queries';

/** Saves the whole table; the answer replaces the cached one, so this browser's maps and legends follow at once. */
export function useSaveUnitSymbolsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: UnitSymbols) => apiRequest('/map/unit-symbols', { method: 'PUT', body: table, schema: UnitSymbolsResponse }),
    onSuccess: (answer) => queryClient.setQueryData(unitSymbolQueries.all, answer),
  });
}
