import type { Zone } from '@argus/contracts/http/zones';
import { RISK_LEVELS, riskRank } from '@argus/contracts/zones';
import { cn } from '../../lib/class-names';
import { RISK_COLOURS } from '../../lib/map/overlays/zones';
import { KIND_LABELS, RISK_LABELS } from './zone-labels';

/** Zones grouped by risk level, most dangerous first, then by name; a row opens the zone. */
export function ZoneTable({
  zones,
  selectedId,
  onSelect,
}: {
  zones: readonly Zone[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const levels = [...RISK_LEVELS].sort((a, b) => riskRank(b) - riskRank(a));
  if (zones.length === 0)
    return <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">No zones match these filters.</p>;
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Zones by risk level</caption>
      <thead>
        <tr className="border-b border-line text-ink-muted">
          <th scope="col" className="py-2 pr-2">
            Name
          </th>
          <th scope="col" className="py-2 pr-2">
            Kind
          </th>
          <th scope="col" className="py-2 pr-2">
            Risk
          </th>
          <th scope="col" className="py-2 pr-2">
            Status
          </th>
        </tr>
      </thead>
      {levels.map((level) => {
        const rows = zones.filter((zone) => zone.riskLevel === level);
        if (rows.length === 0) return null;
        return (
          <tbody key={level}>
            <tr>
              <th scope="rowgroup" colSpan={4} className="pt-3 pb-1 font-semibold">
                <span aria-hidden="true" className="mr-2 inline-block size-3 rounded-sm" style={{ backgroundColor: RISK_COLOURS[level] }} />
                {`${RISK_LABELS[level]} (${rows.length})`}
              </th>
            </tr>
            {rows.map((zone) => (
              <tr
                key={zone.id}
                className={cn(
                  'border-b border-line/50',
                  zone.id === selectedId ? 'bg-surface-raised' : null,
                  zone.active ? null : 'text-ink-muted',
                )}
              >
                <td className="py-1 pr-2">
                  <button
                    type="button"
                    className="text-left underline-offset-2 hover:underline"
                    aria-current={zone.id === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(zone.id)}
                  >
                    {zone.name}
                  </button>
                </td>
                <td className="py-1 pr-2">{KIND_LABELS[zone.kind]}</td>
                <td className="py-1 pr-2">{RISK_LABELS[zone.riskLevel]}</td>
                <td className="py-1 pr-2">{zone.active ? 'Active' : 'Inactive'}</td>
              </tr>
            ))}
          </tbody>
        );
      })}
    </table>
  );
}
