import { Suspense, type ReactNode } from 'react';
import { AppShell } from '../components/layout/AppShell';
import { LoadingScreen } from '../components/LoadingScreen';

/** A screen anyone may open: the gateway landing pages and the not-found screen. */
export function PublicScreen({ title, navigation = false, children }: { title: string; navigation?: boolean; children: ReactNode }) {
  return (
    <AppShell title={title} navigation={navigation}>
      <Suspense fallback={<LoadingScreen variant="minimal" message="Loading page..." />}>{children}</Suspense>
    </AppShell>
  );
}
