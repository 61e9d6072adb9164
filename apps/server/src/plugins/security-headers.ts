import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allowsCamera, type SiteType } from '@argus/contracts/sites';
import { firstReadsScriptSources } from './first-reads';

export interface ScriptAllowance {
  /** WebAssembly compilation (not JavaScript eval), only where the object detector runs. */
  compilesWasm?: boolean;
  /** The hashes of the inline scripts the page carries (the field site's first reads), and no other. */
  inlineScripts?: readonly string[];
}

/**
 * Scripts only from our own origin, and the one inline script a site's page carries by its hash
 * (docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md). Maps may also fetch
 * tiles from the tile server the operator configured and from the administrators' online basemaps.
 */
export function contentSecurityPolicy(tileOrigins: readonly string[], scripts: ScriptAllowance = {}): string {
  const tiles = tileOrigins.map((origin) => ` ${origin}`).join('');
  const scriptSources = ["'self'", ...(scripts.compilesWasm ? ["'wasm-unsafe-eval'"] : []), ...(scripts.inlineScripts ?? [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // Radix and React set a few style attributes at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${tiles}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The CSP source of an absolute tile or style URL: its origin, with a placeholder subdomain
 * (`{s}.tile.example.org`) as a wildcard; null for a path on this server or a host a CSP cannot name.
 */
export function tileOrigin(url: string | undefined): string | null {
  if (!url || url.startsWith('/')) return null;
  const authority = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1];
  if (!authority) return null;
  const [first = '', ...rest] = authority.split('.');
  if (rest.some((label) => label.includes('{'))) return null;
  const wildcard = first.includes('{');
  try {
    const origin = new URL(url.replace(authority, wildcard ? ['x', ...rest].join('.') : authority).replace(/\{[^}]*\}/g, '0')).origin;
    const source = wildcard ? origin.replace('://x.', '://*.') : origin;
    // The URL parser lets through characters (";", ",") that would end or split a CSP directive.
    return /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(source) ? source : null;
  } catch {
    return null;
  }
}

/** Camera and microphone for the site itself where live video is published (docs/decisions/0002-camera-and-microphone-where-video-is-published.md). */
export function permissionsPolicy(site: SiteType): string {
  const media = allowsCamera(site) ? '(self)' : '()';
  return `geolocation=(self), camera=${media}, microphone=${media}, payment=(), usb=(), interest-cohort=()`;
}

/**
 * What a JSON answer of the API needs: it is never rendered, so it may load nothing and be framed
 * nowhere, and must not be sniffed into something else. The page policies (scripts, styles,
 * referrer, permissions, opener) govern documents and would only add weight to every answer.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The page that runs the in-browser object detector, and the detector's worker script. */
const DETECTOR_PATHS = /^\/(surveillance-network\/?|assets\/detector\.worker-[\w-]+\.js)(\?|$)/;

/**
 * A built script or stylesheet a page loads (hashed, under /assets/): it is never a document, so
 * the page policies would only add about 0.9 kB to each of the dozens a first load fetches on one
 * bar of signal (docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md). Workers
 * (`*.worker-*.js`, MapLibre's and pdf.js's `.mjs`) keep them: a worker's CSP is its own response's.
 */
const PAGE_SUBRESOURCE = /^\/assets\/(?![^/?]*worker)[^/?]+\.(js|css)(\?|$)/;

export interface SecurityHeadersOptions {
  /** MAP_TILE_URL. */
  tileUrl?: string | undefined;
  /** The online basemaps' addresses as they are now (docs/decisions/0029-basemaps-served-by-argus.md). */
  tileSources?: () => readonly string[];
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  // Rebuilt only when the sources change; a page load costs a comparison and a lookup.
  let sources: readonly string[] | null = null;
  let origins: string[] = [];
  const policies = new Map<string, string>();
  const policyFor = (site: SiteType, compilesWasm: boolean) => {
    const current = options.tileSources?.() ?? [];
    if (current !== sources) {
      sources = current;
      origins = [...new Set([options.tileUrl, ...current].map(tileOrigin).filter((origin) => origin !== null))].sort();
      policies.clear();
    }
    const key = `${site} ${compilesWasm}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy(origins, { compilesWasm, inlineScripts: firstReadsScriptSources(site) });
      policies.set(key, policy);
    }
    return policy;
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (PAGE_SUBRESOURCE.test(request.url) && reply.statusCode < 400) return done(null, payload);
    reply.header('X-Frame-Options', 'DENY');
    // A route that chose its own policy knows better (evidence content is sandboxed): it stays.
    const ownPolicy = reply.hasHeader('Content-Security-Policy');
    if (request.routeOptions.config.access !== undefined && isJson(reply.getHeader('content-type'))) {
      if (!ownPolicy) reply.header('Content-Security-Policy', API_POLICY);
      return done(null, payload);
    }
    if (!ownPolicy) reply.header('Content-Security-Policy', policyFor(request.site, DETECTOR_PATHS.test(request.url)));
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', permissionsPolicy(request.site));
    done(null, payload);
  });
});

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
