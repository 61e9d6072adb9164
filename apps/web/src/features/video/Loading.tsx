import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/Spinner';

/** An inline "loading" line: the spinner is decoration, the words are the status. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-ink-muted">
      <Spinner className="size-4" />
      {children}
    </p>
  );
}
