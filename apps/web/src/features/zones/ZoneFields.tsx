import { RISK_LEVELS, ZONE_KINDS, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';
import { TextField } from '../../components/ui/TextField';
import { KIND_LABELS, RISK_LABELS } from './zone-labels';

export interface ZoneDraft {
  name: string;
  kind: ZoneKind;
  riskLevel: RiskLevel;
  notes: string;
}

export const EMPTY_ZONE_DRAFT: ZoneDraft = { name: '', kind: 'ungoverned', riskLevel: 'elevated', notes: '' };

const selectClasses = 'min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold';

/** Name, kind, risk level and notes of a zone; `riskOnly` leaves analysts just the risk level. */
export function ZoneFields({ draft, onChange, riskOnly = false }: { draft: ZoneDraft; onChange: (draft: ZoneDraft) => void; riskOnly?: boolean }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label="Name" value={draft.name} maxLength={200} required disabled={riskOnly} onChange={(event) => onChange({ ...draft, name: event.target.value })} className="sm:col-span-2" />
      <label className="flex flex-col gap-1">
        <span className="font-medium">Kind</span>
        <select className={selectClasses} value={draft.kind} disabled={riskOnly} onChange={(event) => onChange({ ...draft, kind: event.target.value as ZoneKind })}>
          {ZONE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">Risk level</span>
        <select className={selectClasses} value={draft.riskLevel} onChange={(event) => onChange({ ...draft, riskLevel: event.target.value as RiskLevel })}>
          {RISK_LEVELS.map((level) => (
            <option key={level} value={level}>
              {RISK_LABELS[level]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="font-medium">Notes</span>
        <textarea className={`${selectClasses} min-h-20`} value={draft.notes} maxLength={5000} disabled={riskOnly} onChange={(event) => onChange({ ...draft, notes: event.target.value })} />
      </label>
    </div>
  );
}
