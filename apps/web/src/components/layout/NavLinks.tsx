import { NavLink } from 'react-router';
import type { Role } from '@argus/contracts/roles';
import { routesFor } from '@argus/contracts/routes';
import { cn } from '../../lib/class-names';
import { ROUTE_ICONS } from './route-icons';

export interface NavLinksProps {
  role: Role;
  onNavigate?: () => void;
}

/**
 * The pages a role may open. /field-unit repeats /fieldunit's screen, so it is listed once
 * unless it is the only one the role has.
 */
export function NavLinks({ role, onNavigate }: NavLinksProps) {
  const routes = routesFor(role).filter((route) => route.path !== '/field-unit');
  return (
    <ul className="flex flex-col gap-1">
      {routes.map((route) => {
        const Icon = ROUTE_ICONS[route.path];
        return (
          <li key={route.path}>
            <NavLink
              to={route.path}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2',
                  isActive ? 'bg-gold font-semibold text-on-gold' : 'text-ink hover:bg-surface-raised',
                )
              }
            >
              {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0" /> : null}
              {route.title}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
