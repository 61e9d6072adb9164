import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allowsCamera, type SiteType } from '@argus/contracts/sites';

/**
 * Scripts only from our own origin: no inline script anywhere in the app. Maps may also fetch
 * tiles from the one tile server the operator configured.
 */
export function contentSecurityPolicy(tileOrigin: string | null, compilesWasm = false): string {
  const tiles = tileOrigin ? ` ${tileOrigin}` : '';
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

/** The origin of an absolute tile URL template; null for tiles on this server. */
export function tileOrigin(url: string | undefined): string | null {
  if (!url || url.startsWith('/')) return null;
  return new URL(url.replace(/\{[xyz]\}/g, '0')).origin;
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

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { tileUrl?: string | undefined }) => {
  const policy = contentSecurityPolicy(tileOrigin(options.tileUrl));
  const detectorPolicy = contentSecurityPolicy(tileOrigin(options.tileUrl), true);
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
    if (!ownPolicy) reply.header('Content-Security-Policy', DETECTOR_PATHS.test(request.url) ? detectorPolicy : policy);
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', permissionsPolicy(request.site));
    done(null, payload);
  });
});

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
