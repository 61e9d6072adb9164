import { useId, type ReactNode } from 'react';

/** A labelled native select: keyboard and screen readers work without extra wiring. */
export function SelectField({ label, value, onChange, children, disabled }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold disabled:opacity-60"
      >
        {children}
      </select>
    </div>
  );
}
