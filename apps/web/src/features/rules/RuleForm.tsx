import { useId, useState } from 'react';
import { ALERT_RULE_TITLES } from '@argus/contracts/alert-rules';
import type { Rule } from '@argus/contracts/http/rules';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/time-format';
import { RULE_FIELDS, toDraft, toParams, type Draft, type FieldSpec } from './rule-fields';
import { useUpdateRuleMutation } from './rules.mutations';

const INPUT = 'min-h-11 w-full rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink disabled:opacity-70';

/** One rule: its switch and parameters; read-only for those who may not change it. */
export function RuleForm({ rule, readOnly }: { rule: Rule; readOnly: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(rule.kind, rule.params));
  const [enabled, setEnabled] = useState(rule.enabled);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateRuleMutation();
  const set = (key: string, value: Draft[string]) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <form
      aria-labelledby={`${id}-name`}
      data-testid={`rule-${rule.id}`}
      className="space-y-3 rounded-lg border border-line bg-surface-raised p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = toParams(rule.kind, draft);
        if (!checked.ok) return setProblem(checked.message);
        setProblem(null);
        save.mutate({ id: rule.id, enabled, params: checked.params });
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-name`} className="font-semibold">
          {rule.name}
        </h3>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={enabled}
            disabled={readOnly}
            onChange={(event) => setEnabled(event.target.checked)}
            className="size-5"
          />
          On
        </label>
      </div>
      <fieldset disabled={readOnly} className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{`Parameters of ${rule.name}`}</legend>
        {RULE_FIELDS[rule.kind].map((field) => (
          <Field key={field.key} field={field} value={draft[field.key]!} onChange={(value) => set(field.key, value)} />
        ))}
      </fieldset>
      <p className="text-sm text-ink-muted">
        {/* A rule command renamed still says which of the product's rules it is, in words rather than its id. */}
        {rule.name === ALERT_RULE_TITLES[rule.kind]
          ? `Changed ${formatDateTime(rule.updatedAt)}`
          : `${ALERT_RULE_TITLES[rule.kind]} · changed ${formatDateTime(rule.updatedAt)}`}
      </p>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      {save.isError ? <FormMessage tone="error">{`Could not save: ${describeError(save.error)}`}</FormMessage> : null}
      {save.isSuccess && !save.isPending ? (
        <FormMessage tone="success">Saved. The engine uses these from the next event.</FormMessage>
      ) : null}
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending}>
          {`Save ${rule.name}`}
        </Button>
      )}
    </form>
  );
}

function Field({ field, value, onChange }: { field: FieldSpec; value: Draft[string]; onChange: (value: Draft[string]) => void }) {
  const id = useId();
  const hint =
    'hint' in field && field.hint ? (
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {field.hint}
      </p>
    ) : null;
  const describedBy = hint ? `${id}-hint` : undefined;
  if (field.type === 'boolean') {
    return (
      <label className="flex items-center gap-2 sm:col-span-2">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} className="size-5" />
        {field.label}
      </label>
    );
  }
  if (field.type === 'checkboxes') {
    const chosen = value as string[];
    return (
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">{field.label}</legend>
        <div className="flex flex-wrap gap-3">
          {field.options.map((option) => (
            <label key={option} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
                className="size-5"
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div className={field.type === 'lexicon' ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="font-medium">
        {field.label}
      </label>
      {field.type === 'select' ? (
        <select id={id} value={String(value)} onChange={(event) => onChange(event.target.value)} className={INPUT}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'lexicon' ? (
        <textarea
          id={id}
          rows={8}
          value={String(value)}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          className={`${INPUT} font-mono`}
        />
      ) : (
        <input
          id={id}
          type={field.type === 'number' ? 'number' : 'text'}
          step={field.type === 'number' ? (field.step ?? 1) : undefined}
          value={String(value)}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          className={INPUT}
        />
      )}
      {hint}
    </div>
  );
}
