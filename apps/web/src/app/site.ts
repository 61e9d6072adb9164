import { SITE_TYPES, experienceOf, resolveSiteType, type SiteExperience, type SiteType } from '@argus/contracts/sites';

function isSiteType(value: string | null | undefined): value is SiteType {
  return value != null && (SITE_TYPES as readonly string[]).includes(value);
}

/**
 * The server writes the host's site type into <meta name="argus-site">. "unknown" is also the
 * placeholder in the unprocessed index.html (the Vite dev server), so then the host decides.
 */
export function detectSiteType(doc: Document = document, host: string = window.location.host): SiteType {
  const fromMeta = doc.querySelector('meta[name="argus-site"]')?.getAttribute('content')?.trim().toLowerCase();
  if (isSiteType(fromMeta) && fromMeta !== 'unknown') return fromMeta;
  return resolveSiteType(host);
}

export function detectSiteExperience(): SiteExperience {
  return experienceOf(detectSiteType());
}
