import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FIRST_FRAME_SCRIPT_SOURCE, indexTemplate, type FirstFrame } from '../lib/first-frame.ts';
import { answerOf, type CachedAnswer, type CacheTopic } from '../lib/public-cache.ts';
import { sendCached } from './public-cache.ts';
import { cspHeader } from './security-headers.ts';

const HOME_BANNER_PAGE = 1;
/** What the first frame is drawn from: the site's title and logo, its switches, its banners. */
const FRAME_TOPICS: readonly CacheTopic[] = ['content', 'app-config'];
const FRAME_KEY = 'web:index.html';
const HTML = 'text/html; charset=utf-8';

/** The home page's header and first banner as a visitor without a session sees them now. */
async function currentFrame(app: FastifyInstance): Promise<FirstFrame> {
  const [info, config] = await Promise.all([
    app.services.appConfig.appInfo(),
    app.services.appConfig.config(),
  ]);
  // In maintenance the page puts its notice above the banners; the frame then stops at the header.
  const maintenance = info.site_state === 0 || config.maintenance_mode;
  const first =
    config.banner_enabled && !maintenance
      ? (await app.services.notices.banners(HOME_BANNER_PAGE))[0]
      : undefined;
  return {
    title: info.title,
    logoUrl: info.site_logo,
    banner: first ? { imageUrl: first.image_url, title: first.title } : null,
  };
}

/**
 * Serves the built member app at `/` (hash routing, so only real files are needed). index.html
 * carries the first frame (lib/first-frame.ts), kept in memory until a banner or a setting
 * changes. The service worker's precache of it gets the file as built, so an installed app never
 * shows a banner from the day it was installed.
 */
async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  const built = readFileSync(indexFile);
  const render = indexTemplate(built.toString('utf8'));
  if (!render)
    app.log.warn({ indexFile }, 'index.html has no single empty #root: served without the first frame');
  const plain = answerOf(built);
  const cache = app.services.publicCache;

  async function withFrame(): Promise<CachedAnswer> {
    if (!render) return plain;
    const hit = cache.get(FRAME_KEY);
    if (hit) return hit;
    const start = cache.versionsOf(FRAME_TOPICS);
    try {
      const html = Buffer.from(render(await currentFrame(app)));
      return cache.store(FRAME_KEY, FRAME_TOPICS, start, html);
    } catch (err) {
      // The database is away: the app still loads, without its frame.
      app.log.warn({ err }, 'first frame not drawn; index.html sent as built');
      return plain;
    }
  }

  // The site's policy, plus the frame's one inline script by its hash.
  const policy = cspHeader(app.contentSecurityPolicy, { 'script-src': [FIRST_FRAME_SCRIPT_SOURCE] });
  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    // A page load says `Sec-Fetch-Dest: document` (a browser too old to say anything gets the frame
    // too); the service worker precaching the shell fetches with `empty`.
    const dest = request.headers['sec-fetch-dest'];
    const answer = dest === undefined || dest === 'document' ? await withFrame() : plain;
    void reply.header('content-security-policy', policy);
    const body = sendCached(request, reply, answer, HTML);
    void reply.header('vary', 'accept-encoding, sec-fetch-dest');
    return body;
  };
  app.get('/', index);
  app.get('/index.html', index);

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // index.html is answered above.
    index: false,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    // dist holds .br and .gz beside each text file (vite-plugin-compression2): sent as they are.
    preCompressed: true,
    // Our own cache-control below: send's default (max-age=0) would be written over it.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; the rest must always be revalidated.
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
