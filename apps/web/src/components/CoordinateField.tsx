import { useId, useState, type ReactNode } from 'react';
import { formatCoordinate, type CoordinateFormat } from '../lib/geo/format-coordinate';
import type { LatLon } from '../lib/geo/mgrs';
import { parseCoordinate } from '../lib/geo/parse-coordinate';
import { cn } from '../lib/class-names';
import { Button } from './ui/Button';
import { FieldError } from './ui/FieldError';
import { fieldControlClasses } from './ui/Field';

const READ_AS: Record<CoordinateFormat, string> = {
  decimal: 'decimal degrees',
  dms: 'degrees, minutes, seconds',
  mgrs: 'MGRS',
  utm: 'UTM',
};

export interface CoordinateFieldProps {
  label: string;
  /** Called with the place when the person asks for it (the button or Enter) and the text reads as one. */
  onLocate: (point: LatLon) => void;
  /** The button's words: "Use", "Go". */
  actionLabel: string;
  name?: string;
  className?: string;
  /** The label is for screen readers only (a compact box whose button says what it is for). */
  labelHidden?: boolean;
  placeholder?: string;
  /**
   * Text that is not a coordinate: the caller may read it otherwise ("Go to" looks for a place
   * name) and returns the message to show, or undefined when it found something.
   */
  onUnreadable?: (text: string, problem: string) => string | undefined;
  onTextChange?: (text: string) => void;
  /** After the button, on the same row (a close button). */
  trailing?: ReactNode;
}

/**
 * The one place a coordinate is typed: decimal degrees, degrees-minutes-seconds, MGRS or UTM. It
 * says as you type how it reads the text ("Read as MGRS 30U XC 99 10 → 51.51035° N 0.12496° W"), and
 * refuses what it cannot read with the reason. It is not a form of its own, so it sits inside others.
 */
export function CoordinateField({
  label,
  onLocate,
  actionLabel,
  name,
  className,
  labelHidden = false,
  // The kinds it reads rather than one example place: an example grid reference would be one
  // country's, wherever the operation is.
  placeholder = 'MGRS, UTM or lat, lon',
  onUnreadable,
  onTextChange,
  trailing,
}: CoordinateFieldProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const parsed = text.trim() ? parseCoordinate(text) : null;
  // Echoed as typed, tidied: grid references in capitals, spaces collapsed.
  const echo = (format: CoordinateFormat) => {
    const tidy = text.trim().replace(/\s+/g, ' ');
    return format === 'mgrs' || format === 'utm' ? tidy.toUpperCase() : tidy;
  };

  const handleLocate = () => {
    const result = parseCoordinate(text);
    if (!result.ok) {
      setProblem(onUnreadable ? onUnreadable(text, result.problem) : result.problem);
      return;
    }
    setProblem(undefined);
    onLocate(result.point);
  };

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'font-medium'}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
            onTextChange?.(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter reads the coordinate here rather than submitting the form around the field.
            event.preventDefault();
            handleLocate();
          }}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-reading ${id}-problem`}
          className={cn('min-h-11 min-w-0 flex-1 font-mono', fieldControlClasses(problem))}
        />
        <Button variant="secondary" onClick={handleLocate}>
          {actionLabel}
        </Button>
        {trailing}
      </div>
      <p id={`${id}-reading`} aria-live="polite" className="text-sm text-ink-muted">
        {parsed?.ok ? `Read as ${READ_AS[parsed.format]} ${echo(parsed.format)} → ${formatCoordinate(parsed.point, 'decimal')}` : ''}
      </p>
      <FieldError id={`${id}-problem`} message={problem} alert />
    </div>
  );
}
