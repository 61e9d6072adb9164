import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTES, LOGIN_PATH, findRoute, type AppRoute } from '@argus/contracts/routes';
import type { SiteExperience } from '@argus/contracts/sites';
import { LoginPage } from '../features/auth/LoginPage';
import { RouteGuard } from '../features/auth/RouteGuard';
import { LoadingScreen } from '../components/LoadingScreen';
import { DEVICE_ENROL_PATH } from '@argus/contracts/http/devices';
import { ApiGatewayPage, CallerLocationPage, EnrolDevicePage, NotFoundPage, PAGES, StreamGatewayPage } from './pages';
import { CivicSite } from './CivicSite';
import { PublicScreen } from './PublicScreen';
import { RootLayout } from './RootLayout';
import { RouterErrorScreen } from './RouterErrorScreen';
import { CALLER_LINK_PREFIX, SCREEN_TITLES, SITE_SCREENS } from './site-access';

function guardedScreen(route: AppRoute, navigation: boolean): ReactNode {
  if (route.path === LOGIN_PATH) return <LoginPage />;
  const Page = PAGES[route.path as keyof typeof PAGES];
  return (
    <RouteGuard route={route} navigation={navigation}>
      <Page />
    </RouteGuard>
  );
}

function requireRoute(path: string): AppRoute {
  const route = findRoute(path);
  if (!route) throw new Error(`No route ${path} in APP_ROUTES`);
  return route;
}

/** The route table of one site (docs/specification.md section 2 "Other sites"), all built from APP_ROUTES. */
export function siteRoutes(site: SiteExperience): RouteObject[] {
  switch (site) {
    case 'api':
      return [
        {
          path: '*',
          element: (
            <PublicScreen title={SCREEN_TITLES.apiGateway}>
              <ApiGatewayPage />
            </PublicScreen>
          ),
        },
      ];
    case 'stream':
      return [
        {
          path: '*',
          element: (
            <PublicScreen title={SCREEN_TITLES.streamGateway}>
              <StreamGatewayPage />
            </PublicScreen>
          ),
        },
      ];
    case 'civic':
      return [
        { path: LOGIN_PATH, element: <LoginPage /> },
        { path: '*', element: <CivicSite /> },
      ];
    case 'field': {
      const screen = requireRoute(SITE_SCREENS[site] ?? '/');
      return [
        { path: LOGIN_PATH, element: <LoginPage /> },
        { path: '*', element: guardedScreen(screen, false) },
      ];
    }
    case 'main':
      return [
        ...APP_ROUTES.map((route) => ({ path: route.path, element: guardedScreen(route, true) })),
        // No shell, no navigation, no session: the caller's page opens nothing else.
        {
          path: `${CALLER_LINK_PREFIX}:token`,
          element: (
            <Suspense fallback={<LoadingScreen variant="minimal" message="Loading page..." />}>
              <CallerLocationPage />
            </Suspense>
          ),
        },
        {
          path: DEVICE_ENROL_PATH,
          element: (
            <PublicScreen title={SCREEN_TITLES.enrolDevice}>
              <EnrolDevicePage />
            </PublicScreen>
          ),
        },
        {
          path: '*',
          element: (
            <PublicScreen title={SCREEN_TITLES.notFound} navigation>
              <NotFoundPage />
            </PublicScreen>
          ),
        },
      ];
  }
}

export function createAppRouter(site: SiteExperience) {
  return createBrowserRouter([{ element: <RootLayout />, errorElement: <RouterErrorScreen />, children: siteRoutes(site) }]);
}
