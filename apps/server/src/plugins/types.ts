import type { Role } from '@argus/contracts/roles';
import type { SiteType } from '@argus/contracts/sites';
import type { ResolvedSession } from '../features/auth/sessions.repository';

/** Who may call an API route: anyone, any signed-in user, or the listed roles (a page's access is `RouteAccess` in contracts). */
export type ApiAccess = 'public' | 'signed-in' | readonly Role[];

/** An API route as declared, kept so tests can generate the authorisation matrix and fuzzing from it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: ApiAccess;
  /** The zod schemas the route validates with, for generated hostile-input tests. */
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every API route; the app refuses to boot with a route that lacks it. */
    access?: ApiAccess;
    /** State-changing routes check X-CSRF-Token unless this is false (sign-in, analytics beacons). */
    csrf?: boolean;
    /** Open to a session that still owes its second factor (finishing sign-in, signing out). */
    beforeSecondFactor?: boolean;
    /** An administrative action: administrators need their second factor (default: command-only routes). */
    administrative?: boolean;
    /** Counted against the caller's request budget unless false (map tiles, fetched by the dozen like static files). */
    rateLimited?: boolean;
  }
  interface FastifyRequest {
    site: SiteType;
    auth: ResolvedSession | null;
    /** Whether the session was proven by a bearer access token rather than the browser's cookie. */
    viaBearer: boolean;
    /** Why there is no session: none sent, expired, or a valid token whose session has ended. */
    authProblem: 'expired' | 'missing' | 'ended';
  }
}
