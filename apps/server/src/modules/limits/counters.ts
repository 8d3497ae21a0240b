import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisTarget } from '../../lib/redis.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  clearCounter,
  failCounter,
  failuresOf,
  hitCounter,
  refundCounter,
  type CounterHit,
} from './limits.repo.ts';

export type { CounterHit };

/**
 * Fixed-window hit counters shared by every process: the store behind the login failure limits
 * and @fastify/rate-limit. Windows are read on the app's clock, so tests move time instead of
 * waiting for it.
 */
export interface Counters {
  /** Counts one hit on `key` and answers the count in its window (atomic: no two hits share a count). */
  hit(key: string, windowMs: number): Promise<CounterHit>;
  /** Takes back a hit (e.g. an attempt that turned out not to be a failure). */
  refund(key: string, hit: CounterHit): Promise<void>;
  /**
   * Records that the attempt `hit` counted was checked and wrong (failure limits keep its hit),
   * and answers the failures of that window so far; 0 once a later window has begun.
   */
  fail(key: string, hit: CounterHit): Promise<number>;
  /** The failures recorded in `hit`'s window of `key` (0 once it ended or the key was cleared). */
  failures(key: string, hit: CounterHit): Promise<number>;
  /** Forgets the key and its failures (a successful login clears the account's failures from that address). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Hits waiting for their key's statement (DatabaseCounters). */
interface WaitingHit {
  resolve: (hit: CounterHit) => void;
  reject: (err: unknown) => void;
}

/**
 * Counters in the `rate_counters` table: no extra service, shared through the database.
 *
 * A key's row is locked by each hit's statement until it commits, so hits on one key (every
 * callback of a payment gateway, every POST from one address) run one after another: about 700
 * a second on this machine's PostgreSQL, with 50 ms of waiting each at 32 at once. Here a key has
 * at most one statement in flight per process: the hits that arrive meanwhile wait and then go
 * together as one statement that adds them all, and each still gets its own count, in the order
 * it came (the statement answers the total; the counts before it are the batch's).
 */
export class DatabaseCounters implements Counters {
  /** Per key and window: the hits waiting while that key's statement is in flight. */
  private readonly waiting = new Map<string, WaitingHit[]>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  hit(key: string, windowMs: number): Promise<CounterHit> {
    return new Promise((resolve, reject) => {
      const slot = `${windowMs}:${key}`;
      const queued = this.waiting.get(slot);
      if (queued) {
        queued.push({ resolve, reject });
        return;
      }
      this.waiting.set(slot, []);
      void this.send(slot, key, windowMs, [{ resolve, reject }]);
    });
  }

  /** Counts `batch` in one statement, then the hits that came meanwhile, until none is left. */
  private async send(slot: string, key: string, windowMs: number, batch: WaitingHit[]): Promise<void> {
    for (let hits = batch; hits.length > 0;) {
      try {
        const total = await hitCounter(this.db, key, windowMs, this.clock.now(), hits.length);
        hits.forEach((h, i) => h.resolve({ hits: total.hits - hits.length + 1 + i, resetAt: total.resetAt }));
      } catch (err) {
        for (const h of hits) h.reject(err);
      }
      hits = this.waiting.get(slot) ?? [];
      if (hits.length > 0) this.waiting.set(slot, []);
    }
    this.waiting.delete(slot);
  }

  refund(key: string, hit: CounterHit): Promise<void> {
    return refundCounter(this.db, key, hit);
  }

  fail(key: string, hit: CounterHit): Promise<number> {
    return failCounter(this.db, key, hit);
  }

  failures(key: string, hit: CounterHit): Promise<number> {
    return failuresOf(this.db, key, hit);
  }

  clear(key: string): Promise<void> {
    return clearCounter(this.db, key);
  }

  async close(): Promise<void> {}
}

/**
 * One hit, atomically: a hash {h: hits, r: window end in ms, f: failures confirmed in the
 * window}; a hit at or after r starts a new window (without failures). The key expires on Redis's
 * own clock a little after its window, so nothing piles up.
 */
const HIT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'h', 1, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 60000)
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'h', 1), reset}
`;

const REFUND = `
if tonumber(redis.call('HGET', KEYS[1], 'r') or '0') == tonumber(ARGV[1]) then
  local h = tonumber(redis.call('HGET', KEYS[1], 'h') or '0')
  if h > 0 then redis.call('HINCRBY', KEYS[1], 'h', -1) end
end
return 0
`;

/** One confirmed failure in the window that ends at ARGV[1]; nothing once another began. */
const FAIL = `
if tonumber(redis.call('HGET', KEYS[1], 'r') or '0') == tonumber(ARGV[1]) then
  return redis.call('HINCRBY', KEYS[1], 'f', 1)
end
return 0
`;

/** Counters in Redis (REDIS_URL): one round trip a hit, shared by every process and host. */
export class RedisCounters implements Counters {
  static async connect(
    target: RedisTarget,
    prefix: string,
    clock: Clock,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    const redis = connectRedis(target, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: true,
    });
    redis.on('error', (err) => log.warn({ err }, 'redis error (limits)'));
    await redis.connect();
    return new RedisCounters(redis, prefix, clock);
  }

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [hits, reset] = (await this.redis.eval(
      HIT,
      1,
      this.name(key),
      this.clock.now().getTime(),
      windowMs,
    )) as [number, number];
    return { hits: Number(hits), resetAt: new Date(Number(reset)) };
  }

  async refund(key: string, hit: CounterHit): Promise<void> {
    await this.redis.eval(REFUND, 1, this.name(key), String(hit.resetAt.getTime()));
  }

  async fail(key: string, hit: CounterHit): Promise<number> {
    return Number(await this.redis.eval(FAIL, 1, this.name(key), String(hit.resetAt.getTime())));
  }

  async failures(key: string, hit: CounterHit): Promise<number> {
    const [reset, failures] = await this.redis.hmget(this.name(key), 'r', 'f');
    return Number(reset) === hit.resetAt.getTime() ? Number(failures ?? 0) : 0;
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.name(key));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private name(key: string): string {
    return `${this.prefix}:limit:${key}`;
  }
}
