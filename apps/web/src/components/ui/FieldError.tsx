import { cn } from '../../lib/class-names';

export interface FieldErrorProps {
  /** The problem in words; nothing renders without one. */
  message: string | null | undefined;
  /** What the control's aria-describedby points at, so screen readers hear it with the label. */
  id?: string;
  /** Announces it at once (role="alert"), for a problem found after an action rather than on submit. */
  alert?: boolean;
  className?: string;
}

/** A field's problem under its control: the one way forms show one (Field uses it too). */
export function FieldError({ message, id, alert = false, className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role={alert ? 'alert' : undefined} className={cn('text-sm text-danger', className)}>
      {message}
    </p>
  );
}
