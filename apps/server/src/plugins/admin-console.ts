import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built operator console (apps/admin/dist) at `/admin/`. The console routes with the
 * browser's history (`/admin/members?…`, filters in the URL), so any `/admin/…` path that is not
 * a file or an `/admin/v1` call answers its index.html.
 */
export default async function adminConsolePlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'operator console not built; run `npm run build` to serve it');
    return;
  }
  const index = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root,
    prefix: '/admin/',
    decorateReply: false,
    wildcard: false,
    // dist holds .br and .gz beside each text file (vite-plugin-compression2): sent as they are.
    preCompressed: true,
    // Our own cache-control below: send's default (max-age=0) would be written over it.
    cacheControl: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  app.get('/admin/', page);
  app.get('/admin/*', async (request, reply) => {
    // An unknown API path stays a JSON 404, never the console's page.
    if (request.url.startsWith('/admin/v1/') || request.url === '/admin/v1') throw notFound();
    return page(request, reply);
  });
}
