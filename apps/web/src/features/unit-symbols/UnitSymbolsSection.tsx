import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProblem } from '../../components/ui/QueryProblem';
import { unitSymbolQueries } from './unit-symbols.queries';
import { UnitSymbolsForm } from './UnitSymbolsForm';

/**
 * Settings › Maps › Unit symbols, for the roles that manage it (docs/decisions/0049-editable-unit-symbols.md):
 * which MIL-STD-2525D symbol each unit kind is drawn as on every map, and its label in the legend.
 * Loaded lazily: it brings milsymbol, to preview and check the codes.
 */
export function UnitSymbolsSection() {
  const table = useQuery(unitSymbolQueries.table());
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="unit-symbols-heading" className="space-y-3">
      <h3 id="unit-symbols-heading" className="text-lg font-semibold">
        Unit symbols
      </h3>
      <p className="text-ink-muted">
        How each kind of unit is drawn on the maps and named in their legend: a MIL-STD-2525D / APP-6D symbol, chosen by its function or
        typed as its 20-digit code. A status badge is added beside it on the map.
      </p>
      <QueryProblem query={table} loading="Loading unit symbols..." what="the unit symbols" />
      {/* A new key after each save starts the form again from what the server kept. */}
      {table.isSuccess ? (
        <UnitSymbolsForm key={table.data.updatedAt ?? 'seeded'} table={table.data} saved={saved} onSavedChange={setSaved} />
      ) : null}
    </section>
  );
}
