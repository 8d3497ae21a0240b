import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds with react-router's production files. Its package.json exports only `dist/development`
 * for every condition (remix-run/react-router#12532, #14102, still so in 7.18), so a production
 * bundle shipped the development build: `ENABLE_DEV_WARNINGS = true`, console warnings included,
 * and about 2 KB gzip more on the home page's first load. The package also ships
 * `dist/production`, the same modules built without the warnings; `react-router` and
 * `react-router/dom` resolve there in `vite build`. The dev server keeps the development build.
 * Both production entries import one shared chunk, so the app holds one router and one context.
 */
export function reactRouterProductionBuild(): Plugin {
  const require = createRequire(import.meta.url);
  // The package's own folder, from its exported package.json (dist/production is not exported).
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}
