import { useState, type FormEvent } from 'react';
import { DispatchCapabilities, type DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import { Button } from '../../components/ui/Button';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { WholeFormFooter } from '../../components/ui/WholeFormFooter';
import { describeError, isApiError } from '../../lib/api-error';
import { UNIT_KIND_LABELS } from '../units/unit-labels';
import { CategoryNeedsFields } from './CategoryNeedsFields';
import {
  draftErrors,
  draftFromTable,
  newCategoryKey,
  offeredCapabilities,
  tableFromDraft,
  type CapabilityDraft,
  type CategoryDraft,
  type DraftField,
} from './capability-draft';
import { useSaveDispatchCapabilitiesMutation } from './dispatch-capabilities.mutations';

/**
 * The table as one form saved whole. The shared schema checks it first and the server again; either
 * refusal is shown beside its field and the draft stays as typed.
 */
export interface DispatchCapabilitiesFormProps {
  table: DispatchCapabilitiesResponse;
  /** Whether the last save went through; kept by the section, since a save starts the form afresh. */
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
}

export function DispatchCapabilitiesForm({ table, saved, onSavedChange: setSaved }: DispatchCapabilitiesFormProps) {
  const save = useSaveDispatchCapabilitiesMutation();
  const [draft, setDraft] = useState<CapabilityDraft>(() => draftFromTable(table));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const offered = offeredCapabilities(draft);

  const change = (next: CapabilityDraft) => {
    setDraft(next);
    setSaved(false);
  };
  const changeCategory = (index: number, entry: CategoryDraft) =>
    change({ ...draft, categories: draft.categories.map((current, at) => (at === index ? entry : current)) });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const checked = DispatchCapabilities.safeParse(tableFromDraft(draft));
    if (!checked.success) {
      setErrors(draftErrors(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (failure) => {
        const issues = isApiError(failure) ? failure.issues : [];
        setErrors(issues.length > 0 ? draftErrors(issues) : { form: describeError(failure) });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Unit kinds</legend>
        <p className="text-sm text-ink-muted">What each kind of unit can do, and how fast it typically travels for the ETA.</p>
        <ul className="grid gap-3">
          {draft.kinds.map((entry, index) => (
            <li key={entry.kind}>
              <fieldset className="flex flex-wrap gap-3 rounded-lg border border-line p-3">
                <legend className="px-1 font-semibold">{UNIT_KIND_LABELS[entry.kind]}</legend>
                <TextAreaField
                  label="Capabilities"
                  hint="Separated by commas"
                  rows={2}
                  value={entry.capabilities}
                  error={errors[`kind.${index}.capabilities`]}
                  onChange={(event) =>
                    change({
                      ...draft,
                      kinds: draft.kinds.map((kind, at) => (at === index ? { ...kind, capabilities: event.target.value } : kind)),
                    })
                  }
                  className="min-w-0 flex-1 basis-56"
                />
                <TextField
                  label="Typical speed (km/h)"
                  inputMode="numeric"
                  value={entry.speed}
                  error={errors[`kind.${index}.speed`]}
                  onChange={(event) =>
                    change({
                      ...draft,
                      kinds: draft.kinds.map((kind, at) => (at === index ? { ...kind, speed: event.target.value } : kind)),
                    })
                  }
                  className="w-48"
                />
              </fieldset>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Incident categories</legend>
        <p className="text-sm text-ink-muted">
          A category applies to every incident whose category holds its words: “fire” also covers “Vehicle fire”. When several apply, their
          needs add up.
        </p>
        <ul className="grid gap-3 lg:grid-cols-2">
          {draft.categories.map((entry, index) => (
            <CategoryNeedsFields
              key={entry.key}
              entry={entry}
              offered={offered}
              errors={{ category: errors[`category.${index}.category`], needs: errors[`category.${index}.needs`] }}
              onChange={(next) => changeCategory(index, next)}
              onRemove={() => change({ ...draft, categories: draft.categories.filter((_, at) => at !== index) })}
            />
          ))}
        </ul>
        <Button
          variant="secondary"
          onClick={() => change({ ...draft, categories: [...draft.categories, { key: newCategoryKey(), category: '', needs: [] }] })}
        >
          Add a category
        </Button>
      </fieldset>

      <WholeFormFooter
        errors={errors}
        saved={saved}
        savedMessage="Dispatch capabilities saved."
        saving={save.isPending}
        saveLabel="Save dispatch capabilities"
        onUndo={() => {
          change(draftFromTable(table));
          setErrors({});
        }}
        updatedAt={table.updatedAt}
        updatedBy={table.updatedBy}
      />
    </form>
  );
}
