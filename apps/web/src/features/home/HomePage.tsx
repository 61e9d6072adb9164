import { Link } from 'react-router';
import { seesEveryRow } from '@argus/contracts/policies/visibility';
import { ROLE_LABELS, type Role } from '@argus/contracts/roles';
import { routesFor } from '@argus/contracts/routes';
import { ROUTE_ICONS } from '../../components/layout/route-icons';
import { useAuth } from '../auth/auth-context';
import { OverviewCounts } from './OverviewCounts';
import { useOverviewLive } from './useOverviewLive';

/** Who sees the live counts: the API answers GET /overview for command and analysts only. */
export function seesOverview(role: Role): boolean {
  return seesEveryRow(role);
}

/** "/": who you are, the live counts (command and analysts), and the pages you may open. */
export function HomePage() {
  const { user } = useAuth();
  const showsCounts = user ? seesOverview(user.role) : false;
  useOverviewLive(showsCounts);
  if (!user) return null;
  const allowed = routesFor(user.role);
  const may = (path: string) => (allowed.some((route) => route.path === path) ? path : undefined);
  // /field-unit is the alias of /fieldunit in docs/specification.md: one card, as in the navigation.
  const pages = allowed.filter((route) => route.path !== '/' && route.path !== '/field-unit');
  return (
    <div className="space-y-5">
      <p className="text-lg">
        {`Welcome, ${user.full_name}. You are signed in as `}
        <strong>{ROLE_LABELS[user.role]}</strong>.
      </p>
      {showsCounts ? <OverviewCounts links={{ triage: may('/analyst'), alerts: may('/command'), emergency: may('/command') }} /> : null}
      <section aria-labelledby="home-pages-heading">
        <h2 id="home-pages-heading" className="mb-3 text-lg font-semibold">
          Your pages
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {pages.map((route) => {
            const Icon = ROUTE_ICONS[route.path];
            return (
              <li key={route.path}>
                <Link to={route.path} className="flex h-full gap-3 rounded-lg border border-line bg-surface-raised p-4 hover:border-gold">
                  {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold" /> : null}
                  <span>
                    <span className="block font-semibold">{route.title}</span>
                    <span className="block text-sm text-ink-muted">{route.summary}</span>
                    <span className="mt-1 block font-mono text-xs text-ink-muted">{route.path}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
