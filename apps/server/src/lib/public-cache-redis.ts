import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisTarget } from './redis.ts';
import { CACHE_TOPICS, type CacheTopic, type CacheTransport } from './public-cache.ts';

/**
 * Invalidations between processes over Redis pub/sub (REDIS_URL): a publish reaches every
 * process of the deployment, the sender too (it has already dropped its own answers).
 */
export class RedisCacheTransport implements CacheTransport {
  static async connect(target: RedisTarget, prefix: string, log: Pick<FastifyBaseLogger, 'warn'>) {
    const options = { maxRetriesPerRequest: 2, lazyConnect: true } as const;
    const pub = connectRedis(target, options);
    const sub = connectRedis(target, options);
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis error (cache)'));
    await Promise.all([pub.connect(), sub.connect()]);
    const channel = `${prefix}public-cache`;
    await sub.subscribe(channel);
    return new RedisCacheTransport(pub, sub, channel, log);
  }

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  publish(topic: CacheTopic): void {
    this.pub.publish(this.channel, topic).catch((err: unknown) => {
      // The other processes still drop the answer at its TTL.
      this.log.warn({ err, topic }, 'cache invalidation not published');
    });
  }

  subscribe(onTopic: (topic: CacheTopic) => void): void {
    this.sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel && (CACHE_TOPICS as readonly string[]).includes(message))
        onTopic(message as CacheTopic);
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.pub.quit(), this.sub.quit()]);
  }
}
