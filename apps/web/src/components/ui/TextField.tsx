import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';
import { Field, fieldControlClasses } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and linked to it, so screen readers hear it with the label. */
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and error wired up through aria-describedby. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} className={cn('min-h-11', fieldControlClasses(error))} {...inputProps} />}
    </Field>
  );
}
