import { Field } from './Field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled native select over a fixed list: keyboard and screen readers work without extra wiring.
 * Full width, so a long option never widens the grid or row it sits in.
 */
export function SelectField<V extends string>({ label, value, options, onChange, hint, disabled, className }: SelectFieldProps<V>) {
  return (
    <Field label={label} hint={hint} className={className}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          // Only the listed values are offered, so the chosen one is always a V.
          onChange={(event) => onChange(event.target.value as V)}
          className="min-h-11 w-full rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold disabled:opacity-60"
        >
          {options.map((option, index) => (
            // Values can repeat: a browser lists devices with empty ids until capture is allowed.
            <option key={`${index}:${option.value}`} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
