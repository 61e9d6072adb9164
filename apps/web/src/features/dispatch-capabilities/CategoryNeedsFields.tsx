import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { TextField } from '../../components/ui/TextField';
import type { CategoryDraft } from './capability-draft';

export interface CategoryNeedsFieldsProps {
  entry: CategoryDraft;
  /** The capabilities the kinds offer, to tick; a need no kind offers any more stays listed so it can be unticked. */
  offered: readonly string[];
  errors: { category?: string; needs?: string };
  onChange: (entry: CategoryDraft) => void;
  onRemove: () => void;
}

/** One category rule: the words it matches in an incident's category, and the capabilities it needs. */
export function CategoryNeedsFields({ entry, offered, errors, onChange, onRemove }: CategoryNeedsFieldsProps) {
  const errorId = useId();
  const choices = [...new Set([...offered, ...entry.needs])];
  const toggle = (capability: string, on: boolean) =>
    onChange({ ...entry, needs: on ? [...entry.needs, capability] : entry.needs.filter((need) => need !== capability) });
  const name = entry.category.trim() || 'new category';

  return (
    <li className="space-y-3 rounded-lg border border-line p-3">
      <TextField
        label="Category"
        value={entry.category}
        maxLength={60}
        error={errors.category}
        onChange={(event) => onChange({ ...entry, category: event.target.value })}
      />
      <fieldset aria-describedby={errors.needs ? errorId : undefined} aria-invalid={errors.needs ? true : undefined}>
        <legend className="mb-1 font-medium">{`Needs (${name})`}</legend>
        {choices.length === 0 ? <p className="text-sm text-ink-muted">Give the unit kinds capabilities first.</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {choices.map((capability) => (
            <label key={capability} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-[var(--color-gold)]"
                checked={entry.needs.includes(capability)}
                onChange={(event) => toggle(capability, event.target.checked)}
              />
              {capability}
            </label>
          ))}
        </div>
        <FieldError id={errorId} message={errors.needs} />
      </fieldset>
      <Button variant="ghost" onClick={onRemove}>
        {`Remove ${name}`}
      </Button>
    </li>
  );
}
