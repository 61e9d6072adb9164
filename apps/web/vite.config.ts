import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { detectionAssetsPlugin } from './src/lib/detection/assets-plugin';

const DEFAULT_API_SERVER = 'http://127.0.0.1:8080';

/**
 * Path prefixes the server answers itself. Some share a first segment with a page
 * (/analytics is a page, /analytics/pageview an endpoint), so each is matched exactly or with a slash.
 */
const API_PREFIXES = [
  'auth',
  'users',
  'analytics',
  'audit',
  'incidents',
  'units',
  'dispatches',
  'reports',
  'alerts',
  'messages',
  'push',
  'stream',
  'signaling',
  'videosdk',
  '\\.well-known',
];
const API_EXACT = [
  'health',
  'status',
  'openapi\\.json',
  'incidents',
  'units',
  'dispatches',
  'reports',
  'alerts',
  'messages',
  'overview',
  'search',
  'audit',
];

/** Navigations never reach the service worker's app-shell fallback for these. */
const navigateFallbackDenylist = [
  ...API_PREFIXES.map((prefix) => new RegExp(`^/${prefix}/`)),
  ...API_EXACT.map((name) => new RegExp(`^/${name}$`)),
  /^\/ws(\/|$)/,
];

/**
 * Map areas saved on the phone (docs/decisions/0048-offline-map-area.md): Argus's tile addresses and
 * any other site's (online tiles, TileJSON, styles) are answered from the saved-area cache first,
 * then from the network. The route never writes to that cache: only saving an area fills it, so
 * browsing does not grow it. Serialised into the service worker, so it refers to nothing outside.
 */
const offlineMapRoute = {
  urlPattern: ({ url, request, sameOrigin }: { url: URL; request: Request; sameOrigin: boolean }) =>
    request.method === 'GET' && (sameOrigin ? /^\/basemaps\/[^/]+\/tiles\//.test(url.pathname) : true),
  handler: 'CacheFirst' as const,
  options: {
    cacheName: 'argus-offline-map',
    matchOptions: { ignoreVary: true },
    plugins: [{ cacheWillUpdate: async () => null }],
  },
};

/** The dev server forwards API calls to the Argus server (ARGUS_API_URL, default port 8080). */
function apiProxy(target: string): Record<string, ProxyOptions> {
  // Page navigations to a proxied prefix (a reload on /analytics) are served the app, not proxied.
  const entry: ProxyOptions = {
    target,
    bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
  };
  const proxy: Record<string, ProxyOptions> = { '^/ws(/|$)': { target, ws: true } };
  for (const prefix of API_PREFIXES) proxy[`^/${prefix}(/|$)`] = entry;
  for (const name of API_EXACT) proxy[`^/${name}$`] = entry;
  return proxy;
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    detectionAssetsPlugin(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from main.tsx through virtual:pwa-register: the CSP allows no inline script.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Argus',
        short_name: 'Argus',
        description: 'Tactical intelligence and emergency response platform',
        orientation: 'portrait',
        display: 'standalone',
        theme_color: '#d4a72c',
        background_color: '#1a1b1e',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // mjs: MapLibre's worker, so maps draw with no network once the app is installed.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2}'],
        // The object detector (1.5 MB of code, plus its model) loads only where it runs, never on install.
        // pdf.js's worker (about 1.4 MB) is fetched only when a PDF is opened (docs/decisions/0060-pdfs-read-in-place-with-pdfjs.md).
        globIgnores: ['**/detector.worker-*.js', '**/pdf.worker.min-*.mjs'],
        // Notification taps and Web Push (docs/decisions/0043-the-field-phone-offline-and-attention.md).
        importScripts: ['/attention-sw.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist,
        cleanupOutdatedCaches: true,
        runtimeCaching: [offlineMapRoute],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to name a site's first page chunks as modulepreloads (apps/server/src/plugins/route-preloads.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: apiProxy(loadEnv(mode, '.', 'ARGUS_').ARGUS_API_URL ?? DEFAULT_API_SERVER),
  },
}));
