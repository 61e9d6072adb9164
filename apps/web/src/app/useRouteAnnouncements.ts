import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '@argus/contracts/product';
import { announce } from '../features/accessibility/announcer';
import { screenTitle } from './site-access';
import { useSite } from './site-context';

/** A client-side navigation is silent to a screen reader unless the new screen is announced. */
export function useRouteAnnouncements(): void {
  const { pathname } = useLocation();
  const site = useSite();
  useEffect(() => {
    const title = screenTitle(site, pathname);
    document.title = `${title} · ${PRODUCT_NAME}`;
    announce(`Opened ${title}`);
  }, [site, pathname]);
}
