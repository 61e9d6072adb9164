import type { ReactNode } from 'react';

/** A form's outcome: errors are alerts (read at once), confirmations are polite status. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  if (tone === 'error') {
    return (
      <p role="alert" className="rounded-md border border-danger p-3 text-danger">
        {children}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-md border border-success p-3 text-success">
      {children}
    </p>
  );
}
