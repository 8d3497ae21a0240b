import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import { PublicCache } from '../lib/public-cache.ts';
import { publicCachePlugin } from './public-cache.ts';

/** A gate the route waits at, so a test holds a build open while more requests arrive. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

interface Harness {
  app: FastifyInstance;
  cache: PublicCache;
  /** Each run of the route, in order, with the gate it waits at. */
  builds: Array<{ url: string; gate: ReturnType<typeof gate> }>;
}

let current: Harness | null = null;
afterEach(async () => {
  await current?.app.close();
  current = null;
});

/** A public list whose builds the test releases one by one; `?fail=1` answers 500. */
async function harness(): Promise<Harness> {
  const cache = new PublicCache(new ManualClock(1_000_000), { ttlMs: 1_000, maxEntries: 10 });
  const builds: Harness['builds'] = [];
  const app = Fastify();
  await app.register(async (api) => {
    await publicCachePlugin(api, { cache });
    api.get<{ Querystring: { fail?: string } }>(
      '/list',
      { config: { publicCache: ['sports'] } },
      async (request, reply) => {
        const build = { url: request.url, gate: gate() };
        builds.push(build);
        await build.gate.opened;
        if (request.query.fail) return reply.code(500).send({ code: 500, message: '失败', data: null });
        return { code: 200, message: '成功', data: { build: builds.indexOf(build) } };
      },
    );
  });
  current = { app, cache, builds };
  return current;
}

/** Which build answered (the route's `data.build`). */
const buildOf = (res: { json(): unknown }) => (res.json() as { data: { build: number } }).data.build;

/** Lets the requests in flight run up to their next wait. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** `count` requests for one URL at once: one of them builds, held at its gate; the rest wait. */
async function askTogether({ app, builds }: Harness, url: string, count: number) {
  const asks = Array.from({ length: count }, () => app.inject({ method: 'GET', url }));
  await settle();
  expect(builds).toHaveLength(1);
  builds[0]!.gate.open();
  return asks;
}

describe('public answers: one build per URL at a time', () => {
  it('answers every request that arrives during a build with that build, running the route once', async () => {
    const h = await harness();
    const { app, builds } = h;
    const answers = await Promise.all(await askTogether(h, '/list', 20));
    expect(builds).toHaveLength(1);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers.map(buildOf)).toEqual(answers.map(() => 0));

    // Another URL is another build, and the kept answer serves later requests without one.
    const other = app.inject({ method: 'GET', url: '/list?page=2' });
    await settle();
    expect(builds.map((b) => b.url)).toEqual(['/list', '/list?page=2']);
    builds[1]!.gate.open();
    expect((await other).statusCode).toBe(200);
    expect(buildOf(await app.inject({ method: 'GET', url: '/list' }))).toBe(0);
    expect(builds).toHaveLength(2);
  });

  it('does not hand a build begun before an invalidation to a request that came after it', async () => {
    const { app, cache, builds } = await harness();
    const before = app.inject({ method: 'GET', url: '/list' });
    await settle();
    cache.invalidate('sports');
    const after = app.inject({ method: 'GET', url: '/list' });
    await settle();
    expect(builds).toHaveLength(2);
    builds[0]!.gate.open();
    builds[1]!.gate.open();
    expect(buildOf(await before)).toBe(0);
    expect(buildOf(await after)).toBe(1);
    // Only the build that saw no invalidation is kept.
    expect(buildOf(await app.inject({ method: 'GET', url: '/list' }))).toBe(1);
  });

  it('lets the waiters build for themselves when the build fails, keeping no refusal', async () => {
    const h = await harness();
    const { builds } = h;
    const asks = await askTogether(h, '/list?fail=1', 3);
    await settle();
    // Each waiter runs the route itself (and fails as the first did); nothing is kept.
    expect(builds).toHaveLength(3);
    for (const b of builds) b.gate.open();
    expect((await Promise.all(asks)).map((a) => a.statusCode)).toEqual([500, 500, 500]);
  });
});
