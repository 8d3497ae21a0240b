// Bundles the server (with the workspace's TypeScript packages) into dist/server.js.
// npm packages stay external and load from node_modules at run time.
import { build } from 'esbuild';

const workspaceOnly = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The server, and the software manifest's command (integrity.js: written after every build by
  // the root `npm run build` and `npm start`, checked by the server at start and every 24 hours).
  entryPoints: { server: 'src/server.ts', integrity: 'src/ops/integrity/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  plugins: [workspaceOnly],
  logLevel: 'warning',
});
