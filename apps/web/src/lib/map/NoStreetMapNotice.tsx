import { Link } from 'react-router';

/**
 * Said over the map where no basemap draws streets at street zoom, instead of blank grey
 * (docs/decisions/0032-basemap-styles-and-switching.md). Command-level roles, who can add one, get a
 * link to the place where they do.
 */
export function NoStreetMapNotice({ canManage }: { canManage: boolean }) {
  return (
    <p
      role="status"
      className="absolute left-1/2 top-[30%] z-10 w-max max-w-[calc(100%-7rem)] -translate-x-1/2 rounded-md border border-line bg-surface/95 px-3 py-2 text-center text-sm"
    >
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
