import { useState, type FormEvent } from 'react';
import type { UnitKindSymbol, UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { WholeFormFooter } from '../../components/ui/WholeFormFooter';
import { describeError, isApiError } from '../../lib/api-error';
import { UNIT_KIND_LABELS } from '../units/unit-labels';
import { LAND_UNIT_FUNCTIONS, TYPED_CODE, functionOf, withFunction } from './land-unit-functions';
import { UnitSymbolPreview } from './UnitSymbolPreview';
import { useSaveUnitSymbolsMutation } from './unit-symbols.mutations';

const FUNCTION_OPTIONS = [
  ...LAND_UNIT_FUNCTIONS.map((entry) => ({ value: entry.entity, label: entry.label })),
  { value: TYPED_CODE, label: 'Another code (type it below)' },
];

/** Issues by where they belong: `<row>.sidc`, `<row>.label`, or `form` for the table as a whole. */
type Errors = Record<string, string>;

function errorsFrom(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const [, row, field] = /^unitKinds\.(\d+)\.(sidc|label)$/.exec(issue.path) ?? [];
    errors[row !== undefined && field ? `${row}.${field}` : 'form'] ??= issue.message;
  }
  return errors;
}

export interface UnitSymbolsFormProps {
  table: UnitSymbolsResponse;
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

/**
 * The table as one form saved whole: per kind, a function from the list or a typed code, with the
 * symbol it draws beside it, and the legend's label. The shared schema (milsymbol's verdict
 * included) checks it first and the server again; either refusal is shown beside its field.
 */
export function UnitSymbolsForm({ table, saved, onSavedChange: setSaved }: UnitSymbolsFormProps) {
  const save = useSaveUnitSymbolsMutation();
  const [draft, setDraft] = useState<UnitKindSymbol[]>(() => table.unitKinds);
  const [errors, setErrors] = useState<Errors>({});

  const change = (index: number, next: Partial<UnitKindSymbol>) => {
    setDraft(draft.map((entry, at) => (at === index ? { ...entry, ...next } : entry)));
    setSaved(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const checked = UnitSymbols.safeParse({ unitKinds: draft });
    if (!checked.success) {
      setErrors(errorsFrom(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (failure) => {
        const issues = isApiError(failure) ? failure.issues : [];
        setErrors(issues.length > 0 ? errorsFrom(issues) : { form: describeError(failure) });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Unit symbols">
      <ul className="grid gap-3 lg:grid-cols-2">
        {draft.map((entry, index) => (
          <li key={entry.kind}>
            <fieldset className="flex flex-wrap items-start gap-3 rounded-lg border border-line p-3">
              <legend className="px-1 font-semibold">{UNIT_KIND_LABELS[entry.kind]}</legend>
              <UnitSymbolPreview sidc={entry.sidc} label={entry.label} />
              <div className="grid min-w-0 flex-1 basis-56 gap-2">
                <SelectField
                  label="Function"
                  value={functionOf(entry.sidc)}
                  options={FUNCTION_OPTIONS}
                  onChange={(value) => {
                    if (value !== TYPED_CODE) change(index, { sidc: withFunction(entry.sidc, value) });
                  }}
                />
                <TextField
                  label="Symbol code (SIDC)"
                  hint="20 digits, MIL-STD-2525D / APP-6D"
                  inputMode="numeric"
                  spellCheck={false}
                  value={entry.sidc}
                  error={errors[`${index}.sidc`]}
                  onChange={(event) => change(index, { sidc: event.target.value })}
                />
                <TextField
                  label="Label in the legend"
                  value={entry.label}
                  error={errors[`${index}.label`]}
                  onChange={(event) => change(index, { label: event.target.value })}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <WholeFormFooter
        errors={errors}
        saved={saved}
        savedMessage="Unit symbols saved. Open maps redraw their units."
        saving={save.isPending}
        saveLabel="Save unit symbols"
        onUndo={() => {
          setDraft(table.unitKinds);
          setErrors({});
          setSaved(false);
        }}
        updatedAt={table.updatedAt}
        updatedBy={table.updatedBy}
      />
    </form>
  );
}
