import { SIDEBAR_WIDTH } from '@argus/contracts/constants';
import type { Role } from '@argus/contracts/roles';
import { NavLinks } from './NavLinks';

/** The page list beside the content, on large screens only (smaller ones use the header menu). */
export function Sidebar({ role }: { role: Role }) {
  return (
    <aside
      aria-label="Sidebar"
      style={{ width: SIDEBAR_WIDTH }}
      className="hidden shrink-0 no-print border-r border-line bg-surface-sunken p-3 lg:block"
    >
      <nav aria-label="Pages">
        <NavLinks role={role} />
      </nav>
    </aside>
  );
}
