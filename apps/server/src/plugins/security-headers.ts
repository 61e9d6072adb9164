import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allowsCamera, type SiteType } from '@argus/contracts/sites';

/**
 * Scripts only from our own origin: no inline script anywhere in the app. Maps may also fetch
 * tiles from the tile server the operator configured and from the administrators' online basemaps.
 */
export function contentSecurityPolicy(tileOrigins: readonly string[], compilesWasm = false): string {
  const tiles = tileOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    // WebAssembly compilation (not JavaScript eval) only where the object detector runs.
    compilesWasm ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'",
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

export interface SecurityHeadersOptions {
  /** MAP_TILE_URL. */
  tileUrl?: string | undefined;
  /** The online basemaps' addresses as they are now (docs/decisions/0029-basemaps-served-by-argus.md). */
  tileSources?: () => readonly string[];
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  // Rebuilt only when the sources change; a page load costs a comparison.
  let sources: readonly string[] | null = null;
  let policy = '';
  let detectorPolicy = '';
  const policies = () => {
    const current = options.tileSources?.() ?? [];
    if (current !== sources) {
      sources = current;
      const origins = [...new Set([options.tileUrl, ...current].map(tileOrigin).filter((origin) => origin !== null))].sort();
      policy = contentSecurityPolicy(origins);
      detectorPolicy = contentSecurityPolicy(origins, true);
    }
    return { policy, detectorPolicy };
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    // A route that chose its own policy knows better (evidence content is sandboxed): it stays.
    const ownPolicy = reply.hasHeader('Content-Security-Policy');
    if (request.routeOptions.config.access !== undefined && isJson(reply.getHeader('content-type'))) {
      if (!ownPolicy) reply.header('Content-Security-Policy', API_POLICY);
      return done(null, payload);
    }
    if (!ownPolicy) {
      const page = policies();
      reply.header('Content-Security-Policy', DETECTOR_PATHS.test(request.url) ? page.detectorPolicy : page.policy);
    }
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', permissionsPolicy(request.site));
    done(null, payload);
  });
});

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
