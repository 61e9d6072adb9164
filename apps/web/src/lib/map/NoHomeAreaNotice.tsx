import { Link } from 'react-router';

/**
 * Said under a map that had no home area to open on (docs/decisions/0058-home-area.md), instead of
 * silently showing the world: administrators, who can set one, get a link to where they do.
 */
export function NoHomeAreaNotice({ canManage }: { canManage: boolean }) {
  return (
    <p role="status" data-testid="no-home-area">
      {canManage ? (
        <>
          {'No home area is set: maps open here until you set one in '}
          <Link to="/settings#maps" className="whitespace-nowrap text-gold underline">
            Settings › Maps
          </Link>
        </>
      ) : (
        'No home area is set yet: an administrator sets it in Settings › Maps'
      )}
    </p>
  );
}
