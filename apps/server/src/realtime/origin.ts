import { resolveSiteType, type SiteHosts } from '@argus/contracts/sites';

/**
 * Cross-site WebSocket hijacking: a browser sends the session cookie with a WebSocket opened
 * by any page, but always names that page in `Origin`. A socket is accepted from Argus's own
 * sites (the configured host names) or from the very host it was opened on; a missing Origin
 * is a client that is not a browser, which must bring its own credentials.
 */
export function isAllowedOrigin(origin: string | undefined, requestHost: string | undefined, siteHosts: SiteHosts): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const { host, protocol } = new URL(origin);
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  if (requestHost !== undefined && host === requestHost.toLowerCase()) return true;
  return resolveSiteType(host, siteHosts) !== 'unknown';
}
