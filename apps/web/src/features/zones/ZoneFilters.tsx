import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';
import type { Zone } from '@argus/contracts/http/zones';
import { SelectField } from '../../components/ui/SelectField';
import { KIND_OPTIONS, RISK_OPTIONS } from './zone-labels';

export interface ZoneFilter {
  risk: RiskLevel | 'all';
  kind: ZoneKind | 'all';
  showInactive: boolean;
}

export const ALL_ZONES: ZoneFilter = { risk: 'all', kind: 'all', showInactive: false };

export function matchesFilter(zone: Zone, filter: ZoneFilter): boolean {
  return (
    (filter.risk === 'all' || zone.riskLevel === filter.risk) &&
    (filter.kind === 'all' || zone.kind === filter.kind) &&
    (filter.showInactive || zone.active)
  );
}

export function ZoneFilters({ filter, onChange }: { filter: ZoneFilter; onChange: (filter: ZoneFilter) => void }) {
  return (
    <div role="group" aria-label="Filter zones" className="flex flex-wrap items-end gap-3">
      <SelectField
        label="Risk level"
        value={filter.risk}
        options={[{ value: 'all', label: 'All levels' }, ...RISK_OPTIONS]}
        onChange={(risk) => onChange({ ...filter, risk })}
      />
      <SelectField
        label="Kind"
        value={filter.kind}
        options={[{ value: 'all', label: 'All kinds' }, ...KIND_OPTIONS]}
        onChange={(kind) => onChange({ ...filter, kind })}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={filter.showInactive}
          onChange={(event) => onChange({ ...filter, showInactive: event.target.checked })}
        />
        Show inactive zones
      </label>
    </div>
  );
}
