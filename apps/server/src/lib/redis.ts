import { Redis, type RedisOptions } from 'ioredis';

/**
 * Where Redis is: one address (`REDIS_URL`), or a master found through Redis Sentinel
 * (`REDIS_SENTINELS` + `REDIS_SENTINEL_MASTER`), which follows a failover to the promoted replica.
 */
export type RedisTarget =
  | { kind: 'url'; url: string }
  | { kind: 'sentinel'; sentinels: Array<{ host: string; port: number }>; name: string };

/**
 * A connection to the target. Through Sentinel, ioredis asks the Sentinels for the master, checks
 * its role, and on a lost connection asks again, so a promoted replica is found without a restart
 * (and a subscriber subscribes again there).
 */
export function connectRedis(target: RedisTarget, options: RedisOptions): Redis {
  return target.kind === 'url'
    ? new Redis(target.url, options)
    : new Redis({ ...options, sentinels: target.sentinels, name: target.name, role: 'master' });
}

/**
 * True when a Redis command failed because Redis could not be reached (a failover, a restart):
 * ioredis gave up waiting for a connection, or the connection is gone. The request answers 503
 * (retry) like an unreachable database, rather than 500.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, message } = err as { name?: unknown; message?: unknown };
  return (
    name === 'MaxRetriesPerRequestError' ||
    (typeof message === 'string' &&
      (message === 'Connection is closed.' || message.startsWith("Stream isn't writeable")))
  );
}

/** `host:port,host:port` → the Sentinels' addresses (port 26379 when left out). */
export function parseSentinels(list: string): Array<{ host: string; port: number }> {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const at = item.lastIndexOf(':');
      return at > 0
        ? { host: item.slice(0, at), port: Number(item.slice(at + 1)) }
        : { host: item, port: 26379 };
    });
}
