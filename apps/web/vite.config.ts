import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_VERSION, APP_VERSION_CODE } from '@app/shared';
import { antdMobileWithoutLegacyRender } from './build-plugins/antd-mobile-render.ts';
import { iconPathPrecision } from './build-plugins/icon-precision.ts';
import { pureSharedSchemas } from './build-plugins/pure-schemas.ts';
import { reactRouterProductionBuild } from './build-plugins/react-router-production.ts';

/** One id per build: baked into the bundle and written to dist/version.json so clients can detect a newer build. */
const buildId = `${new Date().toISOString().replace(/\D/g, '').slice(2, 12)}-${crypto.randomUUID().slice(0, 6)}`;
const builtAt = new Date().toISOString();
const versionFile = JSON.stringify(
  { buildId, builtAt, version: APP_VERSION, versionCode: APP_VERSION_CODE },
  null,
  2,
);

/** Emits version.json next to index.html (and serves it in dev) for the in-app update check. */
function versionFilePlugin(): Plugin {
  return {
    name: 'app-version-file',
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(versionFile);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: versionFile });
    },
  };
}

const api = 'http://localhost:3000';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  // Relative asset URLs: the same build works at / and under any sub-path.
  base: './',
  plugins: [
    react(),
    pureSharedSchemas(),
    iconPathPrecision(),
    reactRouterProductionBuild(),
    antdMobileWithoutLegacyRender(),
    versionFilePlugin(),
    // An app that installs (issue 16): a manifest, and a service worker that precaches the shell
    // and every route's code so the app opens offline, on any page, once visited (issue 44). API
    // answers (money) are never cached: only the build's own files are, and navigations fall back
    // to the cached shell.
    // The worker is registered by the app once the first page has painted (app/boot.ts): its
    // precache downloads would otherwise share a slow line with the first page's own code.
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['logo.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: './',
        name: '金彩体育',
        short_name: '金彩体育',
        description: '足球、篮球竞猜与彩票娱乐平台',
        lang: 'zh-CN',
        start_url: './#/pages/home/home',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#1d1d1d',
        theme_color: '#1d1d1d',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every page's code and styles (the hashed chunks: about 1 MB as brotli), the fonts and
        // pictures beside them and the pictures the pages show from public/, so a page never
        // visited opens offline too, with its own empty or error state for the data it cannot
        // fetch. Not the .br/.gz copies (the server picks the encoding; the cache keeps the file),
        // not source maps, not version.json (the update check must reach the server). The
        // console is another build (apps/admin/dist): nothing of it is here.
        globPatterns: [
          'index.html',
          'assets/*.{js,css,woff2,woff,png,jpg,webp,svg}',
          'icons/*.png',
          'logo.svg',
          'activity/*.svg',
        ],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
        navigateFallback: 'index.html',
        // Only the app's own pages fall back to the shell; the API, the console, the docs and
        // the outside world's pages always go to the network.
        navigateFallbackDenylist: [/^\/(v1|admin|docs|games|gateway-sim|app|user)(\/|$)/, /\.\w+$/],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    // Text files also as .br and .gz, sent as they are by the server (@fastify/static
    // preCompressed): a phone on 4G downloads the gzip/brotli size, compressed once at build.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    // "@/lib/api/client.ts" instead of deep relative paths (mirrors tsconfig "paths").
    alias: { '@/': new URL('./src/', import.meta.url).pathname },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    __BUILD_TIME__: JSON.stringify(builtAt),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: which chunks each entry and route imports, read by the first-load
    // budget test (e2e/bundle-budget.e2e.ts). The server does not serve dot-directories.
    manifest: true,
    // Everything index.html's script imports statically goes in one chunk. Left to itself the
    // bundler splits what the entry shares with lazy pages into some twenty small files that the
    // first load fetches anyway, each compressed on its own: about 11 KB more as brotli (issue 44,
    // e2e/bundle-budget.e2e.ts). The entry's static imports are closed under static imports, so
    // the group takes no dependencies beyond them (with them, every component antd-mobile's
    // barrel names would come along).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: api, changeOrigin: true },
      '/config.json': { target: api, changeOrigin: true },
      '/docs': { target: api, changeOrigin: true },
      // The demo game provider's pages, icons and play API (the game_url opened in pages/game/game).
      '/games': { target: api, changeOrigin: true },
      '/app': { target: api, changeOrigin: true, ws: true },
    },
  },
});
