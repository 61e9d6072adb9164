import type { CSSProperties, ReactNode } from 'react';
import { SIDEBAR_WIDTH } from '@argus/contracts/constants';
import { useAuth } from '../../features/auth/auth-context';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

export interface AppShellProps {
  /** The screen's one <h1>. */
  title: string;
  header?: boolean;
  /** Page navigation: the sidebar on large screens and the header menu on small ones. */
  navigation?: boolean;
  /** The page is one centred portrait column (the field unit and civic screens): the title lines up with it. */
  column?: boolean;
  children: ReactNode;
}

/**
 * Every screen's frame: optional header and sidebar around the one <main id="main-content">. The
 * sidebar's width is kept in `--sidebar-width` (0 without one), so a bar fixed along the foot of
 * the screen (the field unit's SOS) spans the content, not the navigation.
 */
export function AppShell({ title, header = true, navigation = false, column = false, children }: AppShellProps) {
  const { user } = useAuth();
  const sidebar = navigation && user;
  return (
    <div className="flex min-h-dvh flex-col" style={{ '--sidebar-width': sidebar ? SIDEBAR_WIDTH : '0px' } as CSSProperties}>
      {header ? <Header navigation={navigation} /> : null}
      <div className="flex flex-1">
        {sidebar ? <Sidebar role={user.role} /> : null}
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] outline-none sm:px-6"
        >
          {column ? (
            <div className="mx-auto max-w-lg">
              <h1 className="mb-4 text-2xl font-bold text-gold">{title}</h1>
              {children}
            </div>
          ) : (
            <>
              <h1 className="mb-4 text-2xl font-bold text-gold">{title}</h1>
              {children}
            </>
          )}
        </main>
      </div>
    </div>
  );
}
