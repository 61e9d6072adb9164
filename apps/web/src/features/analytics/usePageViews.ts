import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { postPageView } from './analytics-client';

/** Posts a page view on every navigation; the referrer of an in-app move is the previous page. */
export function usePageViews(): void {
  const location = useLocation();
  const previousUrl = useRef<string | null>(null);

  useEffect(() => {
    const url = window.location.href;
    void postPageView({
      path: `${location.pathname}${location.search}`.slice(0, 2048) || '/',
      timestamp: Date.now(),
      referrer: (previousUrl.current ?? document.referrer).slice(0, 2048),
      userAgent: navigator.userAgent.slice(0, 1024),
      domain: window.location.hostname.slice(0, 255),
    });
    previousUrl.current = url;
  }, [location.pathname, location.search]);
}
