import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SiteExperience } from '@argus/contracts/sites';
import { LazyToaster } from '../components/ui/LazyToaster';
import { AccessibilityProvider } from '../features/accessibility/AccessibilityProvider';
import { LiveRegion } from '../features/accessibility/LiveRegion';
import { createQueryClient } from './query-client';
import { RootErrorBoundary } from './RootErrorBoundary';
import { createAppRouter } from './router';
import { SiteContext } from './site-context';
import { TestErrorTrigger } from './TestErrorTrigger';

/** Providers outside the router: they must survive a routing error and serve the error screen. */
export function App({ site }: { site: SiteExperience }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(site));
  return (
    <RootErrorBoundary>
      <TestErrorTrigger />
      <SiteContext value={site}>
        <QueryClientProvider client={queryClient}>
          <AccessibilityProvider>
            <RouterProvider router={router} />
            <LazyToaster />
            <LiveRegion />
          </AccessibilityProvider>
        </QueryClientProvider>
      </SiteContext>
    </RootErrorBoundary>
  );
}
