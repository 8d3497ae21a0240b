import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { needsToken } from './auth.ts';
import { tooManyAttempts, type Counters, type WaitReason } from '../modules/limits/index.ts';

/** The request limits a route can name; each is per client address (`request.ip`, TRUST_PROXY). */
export type RequestLimit = 'register' | 'validate' | 'callback' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which request limit applies (decision 015); POSTs without sign-in get `public` unless named. */
    limit?: RequestLimit;
  }
}

const MINUTE = 60_000;

function limitOf(
  name: RequestLimit,
  limits: AppConfig['limits'],
): { max: number; timeWindow: number; groupId?: string; reason: WaitReason } {
  switch (name) {
    case 'register':
      return {
        max: limits.registerPerHour,
        timeWindow: 60 * MINUTE,
        groupId: 'register',
        reason: 'limits.register_too_often',
      };
    case 'validate':
      return {
        max: limits.validatePerMinute,
        timeWindow: MINUTE,
        groupId: 'validate',
        reason: 'limits.validate_too_often',
      };
    case 'callback':
      return { max: limits.callbackPerMinute, timeWindow: MINUTE, reason: 'limits.callback_too_often' };
    case 'public':
      return { max: limits.publicPostPerMinute, timeWindow: MINUTE, reason: 'limits.requests_too_often' };
  }
}

/**
 * @fastify/rate-limit's store over our counters (Redis or the database), so a limit holds
 * across processes and its windows follow the app's clock.
 */
function counterStore(counters: Counters, clock: Clock) {
  type Params = { groupId?: string; timeWindow?: unknown; routeInfo?: { method?: string; url?: string } };
  return class CounterStore {
    private readonly scope: string;
    private readonly window: number;

    constructor(options: object) {
      const params = options as Params;
      this.scope = params.groupId ?? `${params.routeInfo?.method ?? ''} ${params.routeInfo?.url ?? ''}`;
      this.window = typeof params.timeWindow === 'number' ? params.timeWindow : MINUTE;
    }

    incr(
      key: string,
      done: (err: Error | null, res?: { current: number; ttl: number }) => void,
      // @fastify/rate-limit passes the route's window; its types do not say so.
      window?: number,
    ) {
      counters.hit(`rate:${this.scope}:${key}`, window ?? this.window).then(
        (hit) =>
          done(null, { current: hit.hits, ttl: Math.max(0, hit.resetAt.getTime() - clock.now().getTime()) }),
        (err: Error) => done(err),
      );
    }

    child(options: object) {
      return new CounterStore(options);
    }
  };
}

/**
 * Request limits per client address (decision 015): registration, code checks, payment callbacks,
 * and every other POST that needs no sign-in; a 429 says in Chinese when to retry and carries
 * `Retry-After`. Failed passwords are limited apart, by account and address (modules/limits).
 */
async function rateLimitPlugin(app: FastifyInstance) {
  const { config, clock, limits } = app.services;
  app.addHook('onRoute', (route) => {
    let name = route.config?.limit;
    if (!name) {
      if (![route.method].flat().includes('POST') || needsToken(app, route)) return;
      name = 'public';
    }
    const { reason, ...limit } = limitOf(name, config.limits);
    route.config = {
      ...route.config,
      rateLimit: {
        ...limit,
        errorResponseBuilder: (_request, context) => tooManyAttempts(reason, context.ttl),
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    store: counterStore(limits.counters, clock),
    keyGenerator: (request) => request.ip,
    // Only the refusal says when to retry; a passing request's answer carries no limit headers.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
  });
}

export default fp(rateLimitPlugin, {
  name: 'rate-limit',
  dependencies: ['services', 'auth', 'operator-auth'],
});
