import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { APP_VERSION, APP_VERSION_CODE } from '@app/shared';

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
  plugins: [react(), versionFilePlugin()],
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
