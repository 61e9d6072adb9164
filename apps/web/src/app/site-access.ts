import { isAdminRole, homeRouteFor, type Role } from '@argus/contracts/roles';
import { LOGIN_PATH, canAccess, findRoute, type AppRoute, type RouteAccess } from '@argus/contracts/routes';
import type { SiteExperience } from '@argus/contracts/sites';
import { DEVICE_ENROL_PATH } from '@argus/contracts/http/devices';

const PUBLIC: RouteAccess = { kind: 'public' };

/** The one screen a single-purpose site shows on every path except /login. */
export const SITE_SCREENS: Partial<Record<SiteExperience, string>> = {
  civic: '/civic-reporter',
  field: '/fieldunit',
};

/** Which route entry a path shows on this site (undefined: the main site's not-found screen). */
export function routeForPath(site: SiteExperience, path: string): AppRoute | undefined {
  if (site === 'api' || site === 'stream') return undefined;
  if (path === LOGIN_PATH) return findRoute(LOGIN_PATH);
  const screen = SITE_SCREENS[site];
  return findRoute(screen ?? path);
}

/** Who may open a path on this site; unknown paths show a public not-found screen. */
export function accessForPath(site: SiteExperience, path: string): RouteAccess {
  return routeForPath(site, path)?.access ?? PUBLIC;
}

/**
 * Where a signed-in user goes from /login: back to where the guard found them if their role
 * may open it there, else their role's home. Null when this site has nothing for the role
 * (a field unit on the civic site), so the login page can say so instead of looping.
 */
export function postLoginTarget(site: SiteExperience, role: Role, from: string | null | undefined): string | null {
  const candidates = [from, homeRouteFor(role)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const path = candidate.split(/[?#]/)[0] ?? candidate;
    if (path === LOGIN_PATH) continue;
    if (routeForPath(site, path) === undefined && site === 'main') continue;
    if (canAccess(accessForPath(site, path), role)) return candidate;
  }
  return null;
}

/** Only administrators may switch users; checked before calling the server too. */
export function canSwitchUsers(role: Role | null | undefined): boolean {
  return isAdminRole(role);
}

/** Headings of the screens that are not in the main route table. */
export const SCREEN_TITLES = {
  apiGateway: 'API Gateway',
  streamGateway: 'Stream Gateway',
  notFound: 'Page not found',
  callerLocation: 'Share your location',
  enrolDevice: 'Enrol this device',
} as const;

/** The caller location page's path prefix on the main site (docs/decisions/0046-caller-location-links.md). */
export const CALLER_LINK_PREFIX = '/l/';

/** The <h1> a path shows on this site, for the document title and route announcements. */
export function screenTitle(site: SiteExperience, path: string): string {
  if (site === 'api') return SCREEN_TITLES.apiGateway;
  if (site === 'stream') return SCREEN_TITLES.streamGateway;
  if (site === 'main' && path.startsWith(CALLER_LINK_PREFIX)) return SCREEN_TITLES.callerLocation;
  if (site === 'main' && path === DEVICE_ENROL_PATH) return SCREEN_TITLES.enrolDevice;
  return routeForPath(site, path)?.title ?? SCREEN_TITLES.notFound;
}
