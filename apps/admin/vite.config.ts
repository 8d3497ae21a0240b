import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { reactRouterProductionBuild } from '../web/build-plugins/react-router-production.ts';

const api = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  // Served by the API server at /admin/ (plugins/admin-console.ts); history routes under it.
  base: '/admin/',
  // Text files also as .br and .gz, which the server sends as they are (@fastify/static preCompressed).
  plugins: [
    react(),
    // The member app's plugin: react-router's production files in the build, not its development ones.
    reactRouterProductionBuild(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: COMPRESSIBLE, threshold: 1024 }),
  ],
  resolve: {
    alias: { '@/': new URL('./src/', import.meta.url).pathname },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      output: {
        // The UI kit and the charts change rarely: their own long-cached chunks.
        manualChunks(id) {
          if (id.includes('node_modules/echarts') || id.includes('node_modules/zrender')) return 'charts';
          if (id.includes('node_modules/@ant-design/pro')) return 'pro';
          if (
            id.includes('node_modules/antd') ||
            id.includes('node_modules/@ant-design') ||
            id.includes('node_modules/rc-')
          )
            return 'antd';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/admin/v1': { target: api, changeOrigin: true },
      '/app': { target: api, changeOrigin: true, ws: true },
    },
  },
});
