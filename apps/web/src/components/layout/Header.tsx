import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Accessibility } from 'lucide-react';
import { useAccessibility } from '../../features/accessibility/accessibility-context';
import { useAuth } from '../../features/auth/auth-context';
import { ConnectionIndicator } from '../../features/platform/ConnectionIndicator';
import { ProductMark } from './ProductMark';
import { UserMenu } from './UserMenu';

// Only signed-in pages have a page menu; its dialog stays out of /login's first load (README, "Build").
const MobileNav = lazy(async () => ({ default: (await import('./MobileNav')).MobileNav }));

export interface HeaderProps {
  /** Offer the page menu on small screens (main-site pages with navigation). */
  navigation: boolean;
}

/** Product name, connection state, the accessibility panel and the user's menu. */
export function Header({ navigation }: HeaderProps) {
  const { user } = useAuth();
  const { setPanelOpen } = useAccessibility();
  return (
    <header className="sticky top-0 z-20 flex no-print min-h-14 items-center gap-2 border-b border-line bg-surface px-2 pt-[env(safe-area-inset-top)] sm:px-4">
      {navigation && user ? (
        <Suspense fallback={<span aria-hidden="true" className="size-10 lg:hidden" />}>
          <MobileNav role={user.role} />
        </Suspense>
      ) : null}
      <Link to="/" className="flex items-center gap-2 rounded-md p-1 font-bold tracking-wide text-gold">
        <ProductMark />
        Argus
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        <ConnectionIndicator />
        {/* Always one tap away, signed in or not: people who need it should not hunt in a menu. */}
        <button
          type="button"
          aria-label="Accessibility settings"
          onClick={() => setPanelOpen(true)}
          className="rounded-md p-2 hover:bg-surface-raised"
        >
          <Accessibility aria-hidden="true" className="size-5" />
        </button>
        {user ? <UserMenu user={user} /> : null}
      </div>
    </header>
  );
}
