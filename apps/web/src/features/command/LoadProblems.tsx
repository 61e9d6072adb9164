import type { ReactNode } from 'react';
import { describeError } from '../../lib/api-error';

/** What could not be loaded, in plain words, above the panels: the map is missing these too. */
export function LoadProblems({ problems }: { problems: ReadonlyArray<readonly [what: string, error: unknown]> }) {
  const failed = problems.filter(([, error]) => error);
  if (failed.length === 0) return null;
  return (
    <ul role="alert" className="space-y-1 border-b border-line p-3 text-sm text-danger">
      {failed.map(([what, error]) => (
        <li key={what}>{`Could not load ${what}: ${describeError(error)}`}</li>
      ))}
    </ul>
  );
}

/**
 * A panel's content once its data is in: a loading line first, and an error instead of an empty
 * list when it failed (an empty list would claim there is nothing). Data already shown stays.
 */
export function Loaded({ what, hasData, error, children }: { what: string; hasData: boolean; error: unknown; children: ReactNode }) {
  if (hasData) return <>{children}</>;
  if (error) return <p className="text-danger">{`Could not load ${what}: ${describeError(error)}`}</p>;
  return <p className="text-ink-muted">{`Loading ${what}...`}</p>;
}
