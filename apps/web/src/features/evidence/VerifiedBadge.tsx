import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { evidenceQueries } from './evidence.queries';

/** The server re-hashes the file and walks the custody chain; the badge says what it found. */
export function VerifiedBadge({ itemId }: { itemId: string }) {
  const verification = useQuery(evidenceQueries.verification(itemId));
  if (verification.isPending) return <p role="status">Verifying the file and its custody chain...</p>;
  if (verification.isError) return <p role="status" className="text-danger">{`Could not verify: ${describeError(verification.error)}`}</p>;
  const result = verification.data;
  return (
    <div
      role="status"
      className={`rounded-md border-2 p-2 ${result.verified ? 'border-success' : 'border-danger'}`}
      data-verified={result.verified}
    >
      <p className="font-semibold">
        <span aria-hidden="true">{result.verified ? '✓ ' : '✗ '}</span>
        {result.verified
          ? `Verified: the file matches its SHA-256 and its custody chain is intact (${result.entries} entries checked)`
          : 'Not verified'}
      </p>
      {result.problems.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {result.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
