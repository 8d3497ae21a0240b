import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseEncoding,
  type BuildStart,
  type CachedAnswer,
  type CacheTopic,
  type PublicCache,
} from '../lib/public-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public GET whose answer is the same for every visitor: kept in memory by URL until a
     * change to one of these topics (PublicCache.invalidate), sent with an ETag and compressed once.
     */
    publicCache?: readonly CacheTopic[];
  }
}

interface Miss {
  topics: readonly CacheTopic[];
  start: BuildStart;
}

/**
 * A cached answer as it goes out: its ETag (304 when the client has it), revalidated on every
 * use (`no-cache`), and compressed as the client takes it.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  type = 'application/json; charset=utf-8',
): Buffer | string {
  void reply
    .header('etag', answer.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type(type);
  const seen = request.headers['if-none-match'];
  if (seen !== undefined && seen.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    void reply.code(304);
    return '';
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return answer.encoded(encoding);
}

/**
 * Public answers from memory (lib/public-cache.ts). A hit is answered in onRequest, before
 * validation, queries and serialising; a miss runs the route and its 200 answer is kept — unless
 * its topics were invalidated while it was being built. Requests with a token are never served
 * from here (a route that tells members apart is not marked).
 */
export async function publicCachePlugin(api: FastifyInstance, opts: { cache: PublicCache }) {
  const { cache } = opts;
  const misses = new WeakMap<FastifyRequest, Miss>();

  api.addHook('onRequest', async (request, reply) => {
    const topics = request.routeOptions.config.publicCache;
    if (!topics || request.method !== 'GET' || request.headers.authorization) return;
    const hit = cache.get(request.url);
    if (hit) return reply.send(sendCached(request, reply, hit));
    misses.set(request, { topics, start: cache.versionsOf(topics) });
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (!miss || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    misses.delete(request);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    return sendCached(request, reply, cache.store(request.url, miss.topics, miss.start, body));
  });
}
