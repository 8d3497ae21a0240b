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
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  plugins: [workspaceOnly],
  logLevel: 'warning',
});
