import { RISK_LEVELS, isRiskLevel, type RiskLevel, type ZoneKind } from '@argus/contracts/zones';
import { SelectField } from '../../components/ui/SelectField';
import { RISK_LABELS, RISK_OPTIONS, KIND_OPTIONS } from './zone-labels';

export interface ImportSettings {
  nameField: string | null;
  riskField: string | null;
  riskMap: Record<string, RiskLevel>;
  defaultRisk: RiskLevel;
  kind: ZoneKind;
}

const selectClasses = 'min-h-11 rounded-md border border-line bg-surface-sunken px-2 py-1 text-ink';

/** Which attribute names each zone and which rates its risk (each value mapped to a level), the default risk and the kind. */
export function ImportChoices({
  attributes,
  riskValues,
  settings,
  onChange,
}: {
  attributes: readonly string[];
  riskValues: readonly string[];
  settings: ImportSettings;
  onChange: (settings: ImportSettings) => void;
}) {
  const attributeOptions = attributes.map((attribute) => ({ value: attribute, label: attribute }));
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">Import as zones</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Name from attribute"
          value={settings.nameField ?? ''}
          options={[{ value: '', label: 'None (file name and number)' }, ...attributeOptions]}
          onChange={(nameField) => onChange({ ...settings, nameField: nameField || null })}
        />
        <SelectField
          label="Risk level from attribute"
          value={settings.riskField ?? ''}
          options={[{ value: '', label: 'None (use the default)' }, ...attributeOptions]}
          onChange={(riskField) => onChange({ ...settings, riskField: riskField || null, riskMap: {} })}
        />
        <SelectField
          label="Default risk level"
          value={settings.defaultRisk}
          options={RISK_OPTIONS}
          onChange={(defaultRisk) => onChange({ ...settings, defaultRisk })}
        />
        <SelectField
          label="Kind of zone"
          value={settings.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange({ ...settings, kind })}
        />
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
                  <option value="">
                    {isRiskLevel(value.toLowerCase())
                      ? `As written (${RISK_LABELS[value.toLowerCase() as RiskLevel]})`
                      : `Default (${RISK_LABELS[settings.defaultRisk]})`}
                  </option>
                  {RISK_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {RISK_LABELS[level]}
                    </option>
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
