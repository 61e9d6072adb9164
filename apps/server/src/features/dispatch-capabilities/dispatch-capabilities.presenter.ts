import { z } from 'zod';
import { UNIT_KINDS } from '@argus/contracts/units';
import type { DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import type { CategoryNeedsRow, UnitKindCapabilitiesRow } from './dispatch-capabilities.repository';

const NameList = z.array(z.string());

/** A stored JSON list of names, read defensively so a hand-edited row cannot break the dispatch panel. */
function names(json: string): string[] {
  try {
    const parsed = NameList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The table in the contracts' shape: kinds in the contracts' order, categories in the order saved. */
export function presentDispatchCapabilities(
  kinds: readonly (UnitKindCapabilitiesRow & { updated_by_name: string | null })[],
  categories: readonly CategoryNeedsRow[],
): DispatchCapabilitiesResponse {
  const ordered = [...kinds].sort((a, b) => UNIT_KINDS.indexOf(a.kind) - UNIT_KINDS.indexOf(b.kind));
  const latest = ordered.reduce<(typeof ordered)[number] | null>(
    (last, row) => (!last || row.updated_at > last.updated_at ? row : last),
    null,
  );
  return {
    unitKinds: ordered.map((row) => ({ kind: row.kind, capabilities: names(row.capabilities), speedKmh: row.speed_kmh })),
    categories: categories.map((row) => ({ category: row.category, needs: names(row.needs) })),
    // Seeded rows have no author: the table has not been edited yet.
    updatedAt: latest?.updated_by ? latest.updated_at : null,
    updatedBy: latest?.updated_by ? latest.updated_by_name : null,
  };
}
