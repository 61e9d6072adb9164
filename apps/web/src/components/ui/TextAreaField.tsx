import type { TextareaHTMLAttributes } from 'react';
import { Field, fieldControlClasses } from './Field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown under the field and linked to it, so screen readers hear it with the label. */
  hint?: string;
  error?: string;
}

/** A labelled textarea (a reason, a note) with its hint and error wired up through aria-describedby. */
export function TextAreaField({ label, hint, error, className, ...textareaProps }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...control} className={fieldControlClasses(error)} {...textareaProps} />}
    </Field>
  );
}
