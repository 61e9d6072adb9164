import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { resolveSiteType, type SiteHosts, type SiteType } from '@argus/contracts/sites';
import { AppError } from '../lib/app-error';
import { firstReadsTag } from './first-reads';
import { sitePreloadLinks } from './route-preloads';

export interface WebAppOptions {
  webDist: string;
  siteHosts: SiteHosts;
}

/** A site's page, and its compressed copies. */
interface SitePage {
  html: string;
  brotli: Buffer;
  gzip: Buffer;
}

const SITE_META = /<meta name="argus-site" content="[a-z]*"\s*\/?>/;

/**
 * Serves the built web app on every site. Each host gets the same files; the
 * server tells the page which site it is on through a meta tag. The field site's
 * page also carries the app's one inline script, allowed by its hash
 * (first-reads.ts). Paths that are not files fall back to the app's index.html
 * for browsers and to a JSON 404 for API clients.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  // A deployment sees a handful of host names; matching them against every family once is enough.
  // Worked out when asked, not on every request: most API answers never need it.
  const siteByHost = new Map<string, SiteType>();
  app.decorateRequest('site', {
    getter(this: FastifyRequest): SiteType {
      const host = this.headers.host ?? '';
      let site = siteByHost.get(host);
      if (site === undefined) {
        site = resolveSiteType(host, options.siteHosts);
        if (siteByHost.size < 1000) siteByHost.set(host, site);
      }
      return site;
    },
  });

  const indexFile = path.join(options.webDist, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const template = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : null;
  const preloads = template ? sitePreloadLinks(options.webDist, template) : new Map<SiteType, string>();
  const pages = new Map<SiteType, SitePage>();
  const pageFor = (site: SiteType) => {
    let page = pages.get(site);
    if (!page && template) {
      const html = template
        // The first reads' script right after: before the stylesheet, which would hold it back.
        .replace(SITE_META, `<meta name="argus-site" content="${site}">${firstReadsTag(site)}`)
        .replace('</head>', `${preloads.get(site) ?? ''}</head>`);
      // Compressed once per site: the page is the first request of every cold load.
      page = { html, brotli: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) };
      pages.set(site, page);
    }
    return page;
  };

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs); the
      // plugin sends the one the browser accepts, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      // Cache-Control is set per file below; the plugin's own header would override it.
      cacheControl: false,
      // index.html is served below, per site, also for directory paths such as "/" (which
      // the static plugin would otherwise refuse with a 403 since index is off).
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      setHeaders: (res, filePath) => {
        // The plugin picks a copy by Accept-Encoding but does not say so; caches must know.
        res.setHeader('Vary', 'Accept-Encoding');
        // The service worker and manifest must always be revalidated.
        const name = path.basename(filePath);
        if (name === 'sw.js' || name === 'manifest.webmanifest' || name.startsWith('workbox-')) {
          res.setHeader('Cache-Control', 'no-cache');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isPageRequest(request);
    const page = wantsPage ? pageFor(request.site) : undefined;
    if (!page) throw new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    const encoding = reply.request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(encoding)) return reply.header('Content-Encoding', 'br').send(page.brotli);
    if (/\bgzip\b/.test(encoding)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  });
});

/** Browser navigations ask for HTML; the service worker precaches /index.html with any Accept. */
function isPageRequest(request: FastifyRequest): boolean {
  return request.url.split('?')[0] === '/index.html' || (request.headers.accept ?? '').includes('text/html');
}
