import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { FieldError } from './FieldError';

/** What a control needs so its label, hint and error reach screen readers with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Shown under the control and linked to it, so screen readers hear it with the label. */
  hint?: string;
  error?: string;
  className?: string;
  /** Renders the control with the ids and aria attributes the label, hint and error point at. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The border of a text control: red while it holds an error, gold when focused otherwise. */
export function fieldControlClasses(error: string | undefined): string {
  return cn('rounded-md border bg-surface-sunken px-3 py-2 text-ink', error ? 'border-danger' : 'border-line focus:border-gold');
}

/** A label above a control, its hint and error below, wired up through aria-describedby. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
