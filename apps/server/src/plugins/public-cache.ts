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
  flight: Flight;
}

/**
 * One build of a URL's answer in progress. Requests for the URL that arrive meanwhile, with its
 * topics unchanged since it began, wait for it instead of running the route again: when a list's
 * answer lapses (the match lists live a second), one request queries and serialises it, not every
 * request that comes in before it is done.
 */
interface Flight {
  readonly versions: readonly number[];
  readonly answer: Promise<CachedAnswer | null>;
  /** With the kept answer, or null when the build did not end in a 200 (the waiters then build). */
  land(answer: CachedAnswer | null): void;
}

function flightOf(start: BuildStart): Flight {
  let land!: (answer: CachedAnswer | null) => void;
  const answer = new Promise<CachedAnswer | null>((resolve) => (land = resolve));
  return { versions: start.versions, answer, land };
}

const sameVersions = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);

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
 * its topics were invalidated while it was being built. Concurrent misses of one URL share one
 * build (Flight). Requests with a token are never served from here (a route that tells members
 * apart is not marked).
 */
export async function publicCachePlugin(api: FastifyInstance, opts: { cache: PublicCache }) {
  const { cache } = opts;
  const misses = new WeakMap<FastifyRequest, Miss>();
  const flights = new Map<string, Flight>();

  /** Ends a request's build: its waiters get the answer (or build themselves on null). */
  const land = (request: FastifyRequest, miss: Miss, answer: CachedAnswer | null) => {
    misses.delete(request);
    if (flights.get(request.url) === miss.flight) flights.delete(request.url);
    miss.flight.land(answer);
  };

  api.addHook('onRequest', async (request, reply) => {
    const topics = request.routeOptions.config.publicCache;
    if (!topics || request.method !== 'GET' || request.headers.authorization) return;
    const hit = cache.get(request.url);
    if (hit) return reply.send(sendCached(request, reply, hit));
    const start = cache.versionsOf(topics);
    const flight = flights.get(request.url);
    if (flight && sameVersions(flight.versions, start.versions)) {
      const answer = await flight.answer;
      if (answer) return reply.send(sendCached(request, reply, answer));
      return; // the build failed: this request runs the route itself, keeping nothing
    }
    const own = flightOf(start);
    flights.set(request.url, own);
    misses.set(request, { topics, start, flight: own });
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (!miss) return payload;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      land(request, miss, null);
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const answer = cache.store(request.url, miss.topics, miss.start, body);
    land(request, miss, answer);
    return sendCached(request, reply, answer);
  });

  // A build whose request ended without an answer sent (the client went away): its waiters build.
  const abandon = async (request: FastifyRequest) => {
    const miss = misses.get(request);
    if (miss) land(request, miss, null);
  };
  api.addHook('onResponse', abandon);
  api.addHook('onRequestAbort', abandon);
}
