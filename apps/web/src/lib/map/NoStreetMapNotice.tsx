import { Link } from 'react-router';

/**
 * Said under the map where no basemap draws streets at street zoom, instead of blank grey
 * (docs/decisions/0032-basemap-styles-and-switching.md). Command-level roles, who can add one, get a
 * link to the place where they do.
 */
export function NoStreetMapNotice({ canManage }: { canManage: boolean }) {
  return (
    <p role="status">
      {'No street map here — an administrator can add one in '}
      {canManage ? (
        <Link to="/settings#maps" className="whitespace-nowrap text-gold underline">
          Settings › Maps
        </Link>
      ) : (
        'Settings › Maps'
      )}
    </p>
  );
}
