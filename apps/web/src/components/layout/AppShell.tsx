import type { ReactNode } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

export interface AppShellProps {
  /** The screen's one <h1>. */
  title: string;
  header?: boolean;
  /** Page navigation: the sidebar on large screens and the header menu on small ones. */
  navigation?: boolean;
  children: ReactNode;
}

/** Every screen's frame: optional header and sidebar around the one <main id="main-content">. */
export function AppShell({ title, header = true, navigation = false, children }: AppShellProps) {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      {header ? <Header navigation={navigation} /> : null}
      <div className="flex flex-1">
        {navigation && user ? <Sidebar role={user.role} /> : null}
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] outline-none sm:px-6"
        >
          <h1 className="mb-4 text-2xl font-bold text-gold">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
