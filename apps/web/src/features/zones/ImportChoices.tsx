import { RISK_LEVELS, ZONE_KINDS, isRiskLevel, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';
import { KIND_LABELS, RISK_LABELS } from './zone-labels';

export interface ImportSettings {
  nameField: string | null;
  riskField: string | null;
  riskMap: Record<string, RiskLevel>;
  defaultRisk: RiskLevel;
  kind: ZoneKind;
}

const selectClasses = 'min-h-11 rounded-md border border-line bg-surface-sunken px-2 py-1 text-ink';

/** Which attribute names each zone and which rates its risk (each value mapped to a level), the default risk and the kind. */
export function ImportChoices({ attributes, riskValues, settings, onChange }: { attributes: readonly string[]; riskValues: readonly string[]; settings: ImportSettings; onChange: (settings: ImportSettings) => void }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">Import as zones</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          Name from attribute
          <select className={selectClasses} value={settings.nameField ?? ''} onChange={(event) => onChange({ ...settings, nameField: event.target.value || null })}>
            <option value="">None (file name and number)</option>
            {attributes.map((attribute) => (
              <option key={attribute} value={attribute}>{attribute}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Risk level from attribute
          <select className={selectClasses} value={settings.riskField ?? ''} onChange={(event) => onChange({ ...settings, riskField: event.target.value || null, riskMap: {} })}>
            <option value="">None (use the default)</option>
            {attributes.map((attribute) => (
              <option key={attribute} value={attribute}>{attribute}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Default risk level
          <select className={selectClasses} value={settings.defaultRisk} onChange={(event) => onChange({ ...settings, defaultRisk: event.target.value as RiskLevel })}>
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>{RISK_LABELS[level]}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Kind of zone
          <select className={selectClasses} value={settings.kind} onChange={(event) => onChange({ ...settings, kind: event.target.value as ZoneKind })}>
            {ZONE_KINDS.map((kind) => (
              <option key={kind} value={kind}>{KIND_LABELS[kind]}</option>
            ))}
          </select>
        </label>
      </div>
      {settings.riskField && riskValues.length ? (
        <div className="space-y-1">
          <p className="text-sm font-medium">{`Risk level for each value of ${settings.riskField}`}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {riskValues.map((value) => (
              <label key={value} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">{value}</span>
                <select
                  aria-label={`Risk level for ${value}`}
                  className={selectClasses}
                  value={settings.riskMap[value] ?? ''}
                  onChange={(event) => {
                    const riskMap = { ...settings.riskMap };
                    if (event.target.value) riskMap[value] = event.target.value as RiskLevel;
                    else delete riskMap[value];
                    onChange({ ...settings, riskMap });
                  }}
                >
                  {/* The server reads a value that names a level as that level; otherwise unmapped means the default. */}
                  <option value="">{isRiskLevel(value.toLowerCase()) ? `As written (${RISK_LABELS[value.toLowerCase() as RiskLevel]})` : `Default (${RISK_LABELS[settings.defaultRisk]})`}</option>
                  {RISK_LEVELS.map((level) => (
                    <option key={level} value={level}>{RISK_LABELS[level]}</option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
