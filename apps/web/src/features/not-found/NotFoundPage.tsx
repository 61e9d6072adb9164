import { Link, useLocation } from 'react-router';

/** Any path the main site's route table does not have. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="space-y-3">
      <p>{`There is no page at ${pathname}.`}</p>
      <Link to="/" className="text-gold underline">
        Go to Operations Home
      </Link>
    </div>
  );
}
