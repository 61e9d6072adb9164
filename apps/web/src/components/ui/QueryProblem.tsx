import { Button } from './Button';
import { describeError } from '../../lib/api-error';

/** The part of a TanStack query a section shows before it has the data. */
interface PendingQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * What a settings section shows while its data loads, or why it could not load with a way to ask
 * again; nothing once the data is there. `what` names the data in the sentence ("the unit symbols").
 */
export function QueryProblem({ query, loading, what }: { query: PendingQuery; loading: string; what: string }) {
  if (query.isPending) return <p>{loading}</p>;
  if (!query.isError) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
      <p>{`Could not load ${what}: ${describeError(query.error)}`}</p>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
