import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { DatabaseCounters, RedisCounters, type Counters } from './counters.ts';
import { FailureLimiter } from './failures.ts';
import { LoginGuard } from './login-guard.ts';

export {
  tooManyAttempts,
  waitWords,
  type FailureRule,
  type WaitReason,
  type WrongSecretReason,
} from './failures.ts';
export type { Counters } from './counters.ts';
export type { LoginKind } from './login-guard.ts';

/** The abuse limits' parts (decision 015): one counter store for all of them. */
export interface Limits {
  /** Where hits are counted: Redis with REDIS_URL or REDIS_SENTINELS, else the database. */
  counters: Counters;
  /** Failed attempts of any secret (old password, payment password); only wrong answers count. */
  failures: FailureLimiter;
  /** Failed logins, members and operators apart. */
  login: LoginGuard;
}

export async function createLimits(
  config: AppConfig,
  db: Db,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Limits> {
  const redis = config.realtime.redis;
  const counters = redis
    ? await RedisCounters.connect(redis, config.realtime.redisPrefix, clock, log)
    : new DatabaseCounters(db, clock);
  const failures = new FailureLimiter(counters, clock);
  return { counters, failures, login: new LoginGuard(failures, config.limits.login) };
}
