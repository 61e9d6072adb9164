import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import { api } from '../../lib/api';
import { unitSidcs, type UnitSidcs } from '../../lib/map/unit-symbols';

/** The unit symbol table (docs/decisions/0049-editable-unit-symbols.md), one key for the whole table. */
export const unitSymbolQueries = {
  all: ['unit-symbols'] as const,
  table: () =>
    queryOptions({
      queryKey: unitSymbolQueries.all,
      queryFn: ({ signal }) => api.get('/map/unit-symbols', UnitSymbolsResponse, { signal }),
      // Saving replaces it in the saver's cache, and the "units" channel's symbology.updated in every
      // command map's; a map without that channel rereads it when it next mounts after five minutes.
      staleTime: 5 * 60_000,
    }),
};

/**
 * The code each unit kind is drawn as, and whether the table has arrived (or failed: then, as while
 * it loads, every kind is the generic land unit, so units are always drawn).
 */
export function useUnitSidcs(): { sidcs: UnitSidcs; settled: boolean } {
  const table = useQuery(unitSymbolQueries.table());
  const kinds = table.data?.unitKinds;
  // One function per table, so the overlays built from it are rebuilt only when the table changes.
  const sidcs = useMemo(() => unitSidcs(kinds), [kinds]);
  return { sidcs, settled: !table.isPending };
}
