import { defineConfig } from 'vitest/config';

/**
 * One runner, six projects:
 * - unit:      pure logic beside the code (shared domain, server helpers), on Node
 * - unit-apps: the member app's and the console's logic and components (happy-dom where named)
 * - module:    server behaviour through app.inject on PGlite (one migrated copy, loaded per file)
 * - module-pg: the same files on real PostgreSQL when TEST_DATABASE_URL is set
 * - proofs:    fuzz and access matrix from the OpenAPI document, chaos (issue 15)
 * - e2e:       browser flows, playwright-core driving Debian's Chromium against a real server
 */
const moduleFiles = ['apps/server/src/**/*.test.ts'];
/**
 * The module tiers' time limits: they catch a hang, they do not time anything. In CI the PGlite
 * and PostgreSQL module runs and the browser tests share two cores, and on a slow host a test then
 * takes 5–14 × what it takes alone (inplay-sim: 9 s alone, 124 s in a CI run at df9fda4), so the
 * limits leave room for that.
 */
const MODULE_LIMITS = { testTimeout: 90_000, hookTimeout: 180_000 };
const unitOnly = ['apps/server/src/**/*.unit.test.ts'];

/**
 * `@/` is the importing app's own `src/`: apps/web and apps/admin both use it (their
 * vite.config.ts), and the unit project runs the tests of both. Imports name their files whole.
 */
const appSrcAlias = {
  name: 'app-src-alias',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined): string | null {
    if (!source.startsWith('@/')) return null;
    const app = importer?.includes('/apps/admin/') ? 'admin' : 'web';
    return new URL(`./apps/${app}/src/${source.slice(2)}`, import.meta.url).pathname;
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            // The browser tests' own helpers (e2e/support), e.g. the Dockerfile reader.
            'e2e/support/**/*.unit.test.ts',
            ...unitOnly,
          ],
          environment: 'node',
          // Pure logic on Node: files share their worker's module graph, as the module tests do
          // (each file re-importing its graph in a fresh context was most of the tier's time).
          isolate: false,
        },
      },
      {
        // The member app's and the console's `@/` (each app's vite.config.ts), for their tests.
        plugins: [appSrcAlias],
        test: {
          name: 'unit-apps',
          include: [
            'apps/web/src/**/*.test.{ts,tsx}',
            // The console's component tests (happy-dom, named in each file; apps/admin/src/test/setup.ts).
            'apps/admin/src/**/*.test.{ts,tsx}',
          ],
          // Each file keeps a module graph and a DOM of its own: several mock modules (vi.mock) and
          // the console's tests share a router and a query cache per document. Worker threads start
          // faster than forked processes (the tier alone: 115 s forked, 86 s in threads).
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'module',
          include: moduleFiles,
          // *.pg.test.ts need a PostgreSQL server (backends, processes): module-pg runs them.
          exclude: [...unitOnly, 'apps/server/src/**/*.pg.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          // Files share their worker's module graph (each still builds its own app and database):
          // the server is imported once per worker instead of once per file, a third off the tier.
          // So a closed app must leave nothing reachable behind (src/app-close.test.ts): one that
          // did made each later file slower, and the tier took 14 min instead of 5.
          isolate: false,
          ...MODULE_LIMITS,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'module-pg',
                include: moduleFiles,
                exclude: unitOnly,
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                ...MODULE_LIMITS,
              },
            },
          ]
        : []),
      {
        test: {
          // The proofs of issue 15 (apps/server/src/proofs): fuzz, access matrix, chaos. CI runs
          // them small; PROOF_SIZE=large runs them whole.
          name: 'proofs',
          include: ['apps/server/src/proofs/**/*.proof.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // One migrated PGlite copy per run, loaded by each file's server (e2e/support/server.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          // Limits against a hang, like MODULE_LIMITS: in the same CI run the invite flow took
          // 105 s beside the module tiers, near the 120 s it had.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Each file has its own server, database and browser; most of a browser test is waiting
          // (toasts, sockets, the simulator's clock), so three files share the cores well.
          maxWorkers: 3,
          // Files share their worker's module graph, as the module tests do: each still starts its
          // own server, database and browser, but the server is imported once per worker instead of
          // once per file (4.6 s a file, 212 s of a CI run).
          isolate: false,
          // A poll waits for what the page shows; beside the module tests a busy machine may take
          // more than vitest's default second to render it.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One more try for a browser flow on the shared CI machine, where a starved renderer can
          // miss a poll now and then; a flow broken for real fails both tries, and the failure
          // summary of `npm test` names each test that failed a try.
          retry: 1,
        },
      },
    ],
  },
});
