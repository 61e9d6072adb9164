/**
 * Site types by host (docs/specification.md section 1). One server serves every site; the Host
 * header decides what it shows. Both the server and the web app resolve hosts
 * with `resolveSiteType` so they never disagree.
 */
export const SITE_TYPES = ['main', 'civic', 'field', 'api', 'stream', 'preview', 'unknown'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** Host patterns per site family. A pattern "*.x" matches any subdomain of x. */
export interface SiteHosts {
  main: string[];
  civic: string[];
  field: string[];
  api: string[];
  stream: string[];
  /** The two older alternate host families (docs/specification.md section 1). */
  legacyCivic: string[];
  legacyField: string[];
  preview: string[];
}

export const DEFAULT_SITE_HOSTS: SiteHosts = {
  main: ['localhost', 'www.localhost'],
  civic: ['civic.localhost'],
  field: ['field.localhost'],
  api: ['api.localhost'],
  stream: ['stream.localhost'],
  legacyCivic: ['reporter.localhost', '*.reporter.localhost'],
  legacyField: ['unit.localhost', '*.unit.localhost'],
  preview: ['preview.localhost', '*.preview.localhost'],
};

const FAMILY_SITE: Record<keyof SiteHosts, SiteType> = {
  main: 'main',
  civic: 'civic',
  field: 'field',
  api: 'api',
  stream: 'stream',
  legacyCivic: 'civic',
  legacyField: 'field',
  preview: 'preview',
};

/** Lower-cases a Host header and drops its port and any trailing dot. */
export function normaliseHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? name : name.slice(0, end + 1);
  } else {
    const colon = name.lastIndexOf(':');
    if (colon !== -1) name = name.slice(0, colon);
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

function matches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

export function resolveSiteType(host: string | null | undefined, hosts: SiteHosts = DEFAULT_SITE_HOSTS): SiteType {
  if (!host) return 'unknown';
  const name = normaliseHost(host);
  // Exact names win over wildcards so "www.localhost" never falls into a "*.localhost" family.
  for (const exact of [true, false]) {
    for (const family of Object.keys(FAMILY_SITE) as (keyof SiteHosts)[]) {
      for (const pattern of hosts[family]) {
        if (pattern.startsWith('*.') === exact) continue;
        if (matches(pattern, name)) return FAMILY_SITE[family];
      }
    }
  }
  return 'unknown';
}

/** What a site shows: preview and unknown hosts get the main site. */
export type SiteExperience = 'main' | 'civic' | 'field' | 'api' | 'stream';

export function experienceOf(site: SiteType): SiteExperience {
  return site === 'preview' || site === 'unknown' ? 'main' : site;
}

/** Camera and microphone only where live video is published (docs/decisions/0002-camera-and-microphone-where-video-is-published.md). */
export function allowsCamera(site: SiteType): boolean {
  const experience = experienceOf(site);
  return experience === 'main' || experience === 'field';
}
