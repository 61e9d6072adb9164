import { GENERIC_UNIT_SYMBOL, SIDC_PATTERN, type UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import { UNIT_KINDS } from '@argus/contracts/units';
import type { UnitKindSymbolRow } from './unit-symbols.repository';

/**
 * The table in the contracts' shape: every kind of the contracts, in their order. A kind with no row
 * (added to the contracts after the table was seeded) or a hand-edited row that is not a code gets
 * the generic land unit, so every unit is still drawn (docs/decisions/0049-editable-unit-symbols.md).
 */
export function presentUnitSymbols(rows: readonly (UnitKindSymbolRow & { updated_by_name: string | null })[]): UnitSymbolsResponse {
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const latest = rows.reduce<(typeof rows)[number] | null>((last, row) => (!last || row.updated_at > last.updated_at ? row : last), null);
  return {
    unitKinds: UNIT_KINDS.map((kind) => {
      const row = byKind.get(kind);
      const sidc = row && SIDC_PATTERN.test(row.sidc) ? row.sidc : GENERIC_UNIT_SYMBOL.sidc;
      return { kind, sidc, label: row?.label || GENERIC_UNIT_SYMBOL.label };
    }),
    // Seeded rows have no author: the table has not been edited yet.
    updatedAt: latest?.updated_by ? latest.updated_at : null,
    updatedBy: latest?.updated_by ? latest.updated_by_name : null,
  };
}
