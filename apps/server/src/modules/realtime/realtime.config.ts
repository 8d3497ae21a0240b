import type { SocketLimits } from './socket-limits.ts';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, configPart } from '../../config/parts.ts';
import { parseSentinels, type RedisTarget } from '../../lib/redis.ts';

/** Realtime: the Pusher-protocol credentials, the driver that carries broadcasts, the socket limits. */
export const realtimeConfig = configPart(
  {
    /** Pusher-protocol app credentials for the realtime service. */
    APP_ID: z.string().default('jingcai'),
    APP_KEY: z.string().default('jingcai-key'),
    APP_SECRET: z.string().optional(),
    /** Redis for realtime fan-out between processes (switches the driver to `redis`). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be redis:// or rediss://')
      .optional(),
    /**
     * Redis behind Sentinel instead of one address: the Sentinels (`host:port,…`) and the master
     * name they watch. The processes follow a Redis failover without a restart.
     */
    REDIS_SENTINELS: z
      .string()
      .regex(
        /^[A-Za-z0-9.-]+(:\d{1,5})?(,[A-Za-z0-9.-]+(:\d{1,5})?)*$/,
        'REDIS_SENTINELS must be host:port,host:port',
      )
      .optional(),
    REDIS_SENTINEL_MASTER: z.string().min(1).default('mymaster'),
    /** embedded: sockets on this process only; redis: several processes; pusher: an external Pusher-compatible cluster. */
    REALTIME_DRIVER: z.enum(['embedded', 'redis', 'pusher']).optional(),
    /** Redis pub/sub channel the processes of one deployment share. */
    REDIS_PREFIX: z.string().min(1).default('jingcai'),
    PUSHER_HOST: z.string().optional(),
    PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    PUSHER_SCHEME: z.enum(['http', 'https']).default('https'),
    PUSHER_CLUSTER: z.string().default('mt1'),
    /** Seconds of silence before a socket pings (SPEC.md §9: 25 s) and the pong wait (10 s). */
    REALTIME_ACTIVITY_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(25),
    REALTIME_PONG_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Socket limits (docs/decisions/021-socket-limits.md): open sockets per client address on one
     * process (0 = none); frames per socket per second (Pusher's client-event limit, 0 = none) and
     * the burst above it; the largest frame a client may send (Pusher's message limit is 10 KB).
     */
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(100),
    REALTIME_MAX_MESSAGES_PER_S: z.coerce.number().int().min(0).max(100_000).default(10),
    REALTIME_MESSAGE_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
    REALTIME_MAX_FRAME_BYTES: z.coerce.number().int().min(1_024).max(1_048_576).default(10_240),
  },
  (e, ctx) => {
    if (e.REDIS_URL && e.REDIS_SENTINELS) throw new ConfigError('Set REDIS_URL or REDIS_SENTINELS, not both');
    const redis: RedisTarget | undefined = e.REDIS_SENTINELS
      ? { kind: 'sentinel', sentinels: parseSentinels(e.REDIS_SENTINELS), name: e.REDIS_SENTINEL_MASTER }
      : e.REDIS_URL
        ? { kind: 'url', url: e.REDIS_URL }
        : undefined;
    // Several workers without Redis still reach each other's sockets through the cluster primary.
    const driver: 'embedded' | 'redis' | 'pusher' | 'cluster' =
      e.REALTIME_DRIVER ?? (redis ? 'redis' : ctx.workers > 1 ? 'cluster' : 'embedded');
    if (driver === 'redis' && !redis)
      throw new ConfigError('REALTIME_DRIVER=redis needs REDIS_URL or REDIS_SENTINELS');
    if (driver === 'pusher' && !e.PUSHER_HOST)
      throw new ConfigError('REALTIME_DRIVER=pusher needs PUSHER_HOST');
    // The cluster primary hands its workers one generated secret, so only other drivers need it set.
    if ((driver === 'redis' || driver === 'pusher') && !e.APP_SECRET) {
      throw new ConfigError(`REALTIME_DRIVER=${driver} needs APP_SECRET shared by every process`);
    }
    return {
      // Without a configured secret each process makes its own: signatures stay valid for its own sockets.
      realtime: {
        appId: e.APP_ID,
        appKey: e.APP_KEY,
        appSecret: e.APP_SECRET ?? randomBytes(24).toString('hex'),
        /** False when APP_SECRET was not set and this process made its own. */
        appSecretConfigured: e.APP_SECRET !== undefined,
        driver: driver,
        /** Redis for fan-out, limits and cache invalidation; none without REDIS_URL / REDIS_SENTINELS. */
        redis,
        redisPrefix: e.REDIS_PREFIX,
        pusher: e.PUSHER_HOST
          ? {
              scheme: e.PUSHER_SCHEME,
              host: e.PUSHER_HOST,
              port: e.PUSHER_PORT ?? (e.PUSHER_SCHEME === 'https' ? 443 : 80),
              cluster: e.PUSHER_CLUSTER,
            }
          : undefined,
        activityTimeoutS: e.REALTIME_ACTIVITY_TIMEOUT_S,
        pongTimeoutMs: e.REALTIME_PONG_TIMEOUT_MS,
        limits: {
          connectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
          messagesPerSecond: e.REALTIME_MAX_MESSAGES_PER_S,
          messageBurst: e.REALTIME_MESSAGE_BURST,
          maxFrameBytes: e.REALTIME_MAX_FRAME_BYTES,
        } satisfies SocketLimits,
      },
    };
  },
);
