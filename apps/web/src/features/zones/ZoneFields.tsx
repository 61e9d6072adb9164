import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { KIND_OPTIONS, RISK_OPTIONS } from './zone-labels';

export interface ZoneDraft {
  name: string;
  kind: ZoneKind;
  riskLevel: RiskLevel;
  notes: string;
}

export const EMPTY_ZONE_DRAFT: ZoneDraft = { name: '', kind: 'ungoverned', riskLevel: 'elevated', notes: '' };

/** Name, kind, risk level and notes of a zone; `riskOnly` leaves analysts just the risk level. */
export function ZoneFields({
  draft,
  onChange,
  riskOnly = false,
}: {
  draft: ZoneDraft;
  onChange: (draft: ZoneDraft) => void;
  riskOnly?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Name"
        value={draft.name}
        maxLength={200}
        required
        disabled={riskOnly}
        onChange={(event) => onChange({ ...draft, name: event.target.value })}
        className="sm:col-span-2"
      />
      <SelectField
        label="Kind"
        value={draft.kind}
        options={KIND_OPTIONS}
        disabled={riskOnly}
        onChange={(kind) => onChange({ ...draft, kind })}
      />
      <SelectField
        label="Risk level"
        value={draft.riskLevel}
        options={RISK_OPTIONS}
        onChange={(riskLevel) => onChange({ ...draft, riskLevel })}
      />
      <TextAreaField
        label="Notes"
        value={draft.notes}
        rows={3}
        maxLength={5000}
        disabled={riskOnly}
        onChange={(event) => onChange({ ...draft, notes: event.target.value })}
        className="sm:col-span-2"
      />
    </div>
  );
}
