import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built member app at `/` (hash routing, so only real files are needed). */
async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // dist holds .br and .gz beside each text file (vite-plugin-compression2): sent as they are.
    preCompressed: true,
    // Our own cache-control below: send's default (max-age=0) would be written over it.
    cacheControl: false,
    index: ['index.html'],
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

export default fp(webPlugin, { name: 'web' });
