import { COMMAND_ROLES, type Role } from './roles';

/**
 * Who may open a page: anyone, any signed-in user, or command-level roles plus
 * the roles listed in `also` (docs/specification.md section 2 "Also admits").
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'command'; also: readonly Role[] };

export interface AppRoute {
  path: string;
  /** The screen's one <h1>. */
  title: string;
  access: RouteAccess;
  /** One line for the home page's list of pages. */
  summary: string;
}

const command = (...also: Role[]): RouteAccess => ({ kind: 'command', also });

/** The main site's route table (docs/specification.md section 2, with docs/decisions/0001-fieldunit-admits-field-unit.md and docs/decisions/0009-settings-for-every-signed-in-user.md). */
export const APP_ROUTES = [
  { path: '/', title: 'Operations Home', access: { kind: 'signed-in' }, summary: 'Your overview and the pages you may open' },
  { path: '/login', title: 'Secure Sign In', access: { kind: 'public' }, summary: 'Sign in' },
  { path: '/command', title: 'Command Dashboard', access: command(), summary: 'The common operational picture' },
  { path: '/fieldunit', title: 'Field Unit Dashboard', access: command('Field_Unit'), summary: 'Unit status, assignment, reports and SOS' },
  {
    path: '/analyst',
    title: 'Analyst Console',
    access: command('Intelligence_Analyst'),
    summary: 'Triage reports and raise threat levels',
  },
  { path: '/analytics', title: 'Analytics', access: command(), summary: 'Operational charts and platform telemetry' },
  { path: '/surveillance-network', title: 'Surveillance Network', access: command(), summary: 'Cameras, sensors and detections' },
  { path: '/civic-reporter', title: 'Civic Reporter', access: command('Civic_Reporter'), summary: 'Report an incident and follow it' },
  {
    path: '/field-unit',
    title: 'Field Unit Dashboard',
    access: command('Field_Unit'),
    summary: 'Unit status, assignment, reports and SOS',
  },
  { path: '/evidence-review', title: 'Evidence Review', access: command(), summary: 'Evidence with its chain of custody' },
  { path: '/settings', title: 'Settings', access: { kind: 'signed-in' }, summary: 'Profile, password, accessibility and administration' },
  { path: '/zone-import', title: 'Zone Import', access: command(), summary: 'Import zones from GeoJSON, KML, GPX or shapefiles' },
  { path: '/ungoverned-zones', title: 'Ungoverned Zones', access: command(), summary: 'Zones by risk level and kind' },
  { path: '/streaming-test', title: 'Streaming Test', access: command(), summary: 'Camera, microphone and SFU round trip' },
  { path: '/production', title: 'Production Dashboard', access: command(), summary: 'Multiview, program and briefing feed' },
  { path: '/stream-settings', title: 'Stream Settings', access: command(), summary: 'Video defaults and ICE servers' },
] as const satisfies readonly AppRoute[];

export type AppPath = (typeof APP_ROUTES)[number]['path'];

export function findRoute(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === path);
}

/** The route guard's rule, shared by the web app and the server's tests. */
export function canAccess(access: RouteAccess, role: Role | null | undefined): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return role != null;
    case 'command':
      return role != null && ((COMMAND_ROLES as readonly Role[]).includes(role) || access.also.includes(role));
  }
}

/** The pages a role may open, for the home page and the navigation. */
export function routesFor(role: Role): AppRoute[] {
  return APP_ROUTES.filter((route) => route.access.kind !== 'public' && canAccess(route.access, role));
}

export const LOGIN_PATH = '/login';
