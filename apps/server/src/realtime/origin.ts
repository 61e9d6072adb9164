import { resolveSiteType, type SiteHosts } from '@argus/contracts/sites';

/** Where a request arrived, as Fastify reads it (behind a trusted proxy, as the proxy says). */
export interface ServedAt {
  protocol: string;
  host: string;
}

/**
 * Cross-site WebSocket hijacking: a browser sends the session cookie with a WebSocket opened
 * by any page, but always names that page in `Origin`. A socket is accepted from the very origin
 * it was opened on, or from another of Argus's own sites (the configured host names) served by
 * this same server, so on the same scheme and port: a page on another port of the same host is
 * another origin, and may be someone else's program. A missing Origin is a client that is not a
 * browser, which must bring its own credentials.
 */
export function isAllowedOrigin(origin: string | undefined, served: ServedAt, siteHosts: SiteHosts): boolean {
  if (origin === undefined) return true;
  const page = URL.parse(origin);
  const here = URL.parse(`${served.protocol}://${served.host}`);
  if (page === null || here === null || here.hostname === '') return false;
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  // URL leaves the port empty when it is the scheme's default, so 443 and no port compare equal.
  if (page.protocol !== here.protocol || page.port !== here.port) return false;
  return page.hostname === here.hostname || resolveSiteType(page.hostname, siteHosts) !== 'unknown';
}
