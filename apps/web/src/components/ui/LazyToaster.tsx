import { lazy, Suspense, useEffect, useState } from 'react';
import { showQueuedToast, useToast } from './toast-store';

const loadToaster = () => import('./Toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * The toaster, fetched with the first toast: most first loads show none, and Radix Toast is a
 * good part of what /login would otherwise download on one bar of signal (README, "Build"). The
 * store holds the toast meanwhile, so none is lost; once loaded the toaster stays. It is fetched
 * when the browser is idle after the first render, so a toast a moment later shows at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);

  useEffect(() => {
    showQueuedToast();
    const prefetch = () => void loadToaster();
    // Safari has no requestIdleCallback: a second after the first render stands in for idle.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
