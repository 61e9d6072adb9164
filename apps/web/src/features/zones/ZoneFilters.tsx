import { RISK_LEVELS, ZONE_KINDS, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';
import type { Zone } from '@argus/contracts/http/zones';
import { KIND_LABELS, RISK_LABELS } from './zone-labels';

export interface ZoneFilter {
  risk: RiskLevel | 'all';
  kind: ZoneKind | 'all';
  showInactive: boolean;
}

export const ALL_ZONES: ZoneFilter = { risk: 'all', kind: 'all', showInactive: false };

export function matchesFilter(zone: Zone, filter: ZoneFilter): boolean {
  return (filter.risk === 'all' || zone.riskLevel === filter.risk) && (filter.kind === 'all' || zone.kind === filter.kind) && (filter.showInactive || zone.active);
}

const selectClasses = 'min-h-11 rounded-md border border-line bg-surface-sunken px-2 py-1 text-ink';

export function ZoneFilters({ filter, onChange }: { filter: ZoneFilter; onChange: (filter: ZoneFilter) => void }) {
  return (
    <div role="group" aria-label="Filter zones" className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm">
        Risk level
        <select className={selectClasses} value={filter.risk} onChange={(event) => onChange({ ...filter, risk: event.target.value as ZoneFilter['risk'] })}>
          <option value="all">All levels</option>
          {RISK_LEVELS.map((level) => (
            <option key={level} value={level}>
              {RISK_LABELS[level]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Kind
        <select className={selectClasses} value={filter.kind} onChange={(event) => onChange({ ...filter, kind: event.target.value as ZoneFilter['kind'] })}>
          <option value="all">All kinds</option>
          {ZONE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" checked={filter.showInactive} onChange={(event) => onChange({ ...filter, showInactive: event.target.checked })} />
        Show inactive zones
      </label>
    </div>
  );
}
