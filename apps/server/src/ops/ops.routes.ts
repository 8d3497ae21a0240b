import { timingSafeEqual } from 'node:crypto';
import proxyAddr from 'proxy-addr';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpMessage } from '@app/shared';
import type { SportsFeed } from '../modules/sports/index.ts';

/** Routes for machines (load balancers, orchestrators, Prometheus): outside /v1, no member token. */
export const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const probeAnswer = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({
    /** `degraded`: in service (200) with something an operator should see, e.g. a stale sports feed. */
    status: z.enum(['ok', 'degraded', 'unavailable']),
    /** Which process answered (several share a port under WORKERS=N). */
    pid: z.number().int(),
    uptime_s: z.number(),
    checks: z
      .record(
        z.string(),
        z.enum(['ok', 'down', 'overloaded', 'closing', 'mismatch', 'unverified', 'pending', 'stale']),
      )
      .optional(),
    /** The software self-check's manifest digest (what the build printed for the operator). */
    integrity_digest: z.string().nullable().optional(),
    /** A polled sports feed's health (absent for the simulator); see sportsFeedReport. */
    sports_feed: z
      .object({
        feed: z.string(),
        status: z.enum(['ok', 'stale', 'pending']),
        stale_since: z.string().nullable(),
        last_good_at: z.string().nullable(),
        last_good_age_s: z.number().nullable(),
      })
      .optional(),
  }),
});

/**
 * A polled sports feed as /readyz reports it: `stale` since its first failed pass after the last
 * good one, `pending` before any pass in this process (the sync runs on the jobs leader only, so
 * other processes stay pending: /metrics aggregates the leader's figures), else `ok`.
 */
export function sportsFeedReport(feed: Pick<SportsFeed, 'name' | 'health'>, now: Date) {
  const health = feed.health?.();
  if (!health) return null;
  const { staleSince, lastGoodAt } = health;
  return {
    feed: feed.name,
    status: staleSince ? ('stale' as const) : lastGoodAt ? ('ok' as const) : ('pending' as const),
    stale_since: staleSince?.toISOString() ?? null,
    last_good_at: lastGoodAt?.toISOString() ?? null,
    last_good_age_s: lastGoodAt
      ? Math.max(0, Math.round((now.getTime() - lastGoodAt.getTime()) / 1_000))
      : null,
  };
}

/** Whether a caller may read /metrics: a configured bearer token, or an allowed address (loopback by default). */
export function metricsAccess(allow: string[], token: string | undefined) {
  const addresses = allow.length ? allow : token ? [] : ['loopback'];
  const allowed = addresses.length ? proxyAddr.compile(addresses) : () => false;
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (ip: string, authorization: string | undefined): boolean => {
    if (expected && authorization) {
      const given = Buffer.from(authorization);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return allowed(ip, 0);
  };
}

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const started = Date.now();
  let closing = false;
  app.addHook('preClose', async () => {
    // Stop taking traffic first: the load balancer sees "not ready" while requests drain.
    closing = true;
  });
  const uptime = () => Math.round((Date.now() - started) / 1_000);

  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: probeAnswer } } },
    // Alive means the process answers: no dependency is asked, so a database outage never
    // makes an orchestrator restart processes that would recover by themselves.
    async () => ({
      code: 200,
      message: '运行中',
      data: { status: 'ok' as const, pid: process.pid, uptime_s: uptime() },
    }),
  );

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: probeAnswer, 503: probeAnswer } } },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'down' | 'overloaded' | 'closing'> = {};
      // The software self-check is always reported; only a mismatch under `refuse` (production's
      // default) takes the process out of service. No manifest (running from source) is reported.
      const integrity = services.selfCheck.state();
      const [database, realtime] = await Promise.all([
        services.dbHealth.check(),
        services.realtime.broadcaster.driver === 'redis'
          ? withTimeout(services.realtime.broadcaster.ping(), 2_000).then(
              () => true,
              () => false,
            )
          : Promise.resolve(null),
      ]);
      checks.database = database ? 'ok' : 'down';
      if (realtime !== null) checks.redis = realtime ? 'ok' : 'down';
      if (app.hasDecorator('isUnderPressure') && app.isUnderPressure()) checks.load = 'overloaded';
      if (closing) checks.process = 'closing';
      const ready = Object.values(checks).every((c) => c === 'ok') && !services.selfCheck.refusesService();
      // A stale sports feed does not take the process out of service: every other page, the
      // wallet and the lottery still work, betting on a match closes by itself once its prices
      // are older than the feed allows, and the load balancer would only move the same stale
      // feed to another process. It is reported (degraded, with its age) for operators instead.
      const feed = sportsFeedReport(services.sportsFeed, services.clock.now());
      const degraded = ready && feed?.status === 'stale';
      return reply.status(ready ? 200 : 503).send({
        code: ready ? 200 : 503,
        message: degraded ? '就绪（赛事数据源异常，赔率已过期）' : ready ? '就绪' : httpMessage(503),
        data: {
          status: degraded ? ('degraded' as const) : ready ? ('ok' as const) : ('unavailable' as const),
          pid: process.pid,
          uptime_s: uptime(),
          checks: {
            ...checks,
            integrity: integrity.status,
            ...(feed ? { sports_feed: feed.status } : {}),
          },
          integrity_digest: integrity.digest,
          ...(feed ? { sports_feed: feed } : {}),
        },
      });
    },
  );

  const mayRead = metricsAccess(services.config.metrics.allow, services.config.metrics.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request.ip, request.headers.authorization)) {
      return reply.status(403).send({ code: 403, message: httpMessage(403), data: null });
    }
    const { contentType, body } = await services.metrics.text();
    return reply.type(contentType).send(body);
  });
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
