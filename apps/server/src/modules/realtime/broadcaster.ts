import cluster from 'node:cluster';
import { createHash, createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, isRedisUnavailable, type RedisTarget } from '../../lib/redis.ts';
import type { RealtimeHub } from './hub.ts';

/** Where a broadcast goes: this process's sockets, every process via Redis, or an external cluster. */
export interface Broadcaster {
  readonly driver: 'embedded' | 'redis' | 'pusher' | 'cluster';
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /**
   * False only when no socket anywhere can hold the channel (the sockets are all this process's
   * and none subscribed it): a push to it, and any read to build one, can be left out.
   */
  listens?(channel: string): boolean;
  /** Round trip to the transport (test-connection). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One process: deliver straight to the local hub. */
export class LocalBroadcaster implements Broadcaster {
  readonly driver = 'embedded' as const;
  constructor(private readonly hub: RealtimeHub) {}

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    this.hub.deliver(channel, event, data);
  }

  listens(channel: string): boolean {
    return this.hub.hasSubscribers(channel);
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The IPC message a cluster worker sends its primary, which relays it to every worker. */
export const CLUSTER_REALTIME_MESSAGE = 'jingcai:realtime';

interface ClusterMessage {
  type: typeof CLUSTER_REALTIME_MESSAGE;
  channel: string;
  event: string;
  data: unknown;
}

/**
 * WORKERS=N on one machine without Redis: each broadcast goes to the cluster primary over IPC,
 * which relays it to every worker (this one too), and each delivers to its own sockets. Not a
 * process of a cluster (no IPC channel), it delivers locally.
 */
export class ClusterBroadcaster implements Broadcaster {
  readonly driver = 'cluster' as const;
  private readonly onMessage = (message: unknown) => {
    const m = message as Partial<ClusterMessage> | null;
    if (m?.type !== CLUSTER_REALTIME_MESSAGE || typeof m.channel !== 'string' || typeof m.event !== 'string')
      return;
    this.hub.deliver(m.channel, m.event, m.data);
  };

  /** Only a real cluster worker talks to a primary (a test runner's fork has an IPC channel too). */
  private readonly inCluster = cluster.isWorker && !!process.send;

  constructor(private readonly hub: RealtimeHub) {
    if (this.inCluster) process.on('message', this.onMessage);
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    if (!this.inCluster || !process.connected) {
      this.hub.deliver(channel, event, data);
      return;
    }
    const message: ClusterMessage = { type: CLUSTER_REALTIME_MESSAGE, channel, event, data };
    await new Promise<void>((resolve, reject) =>
      process.send!(message, undefined, undefined, (err) => (err ? reject(err) : resolve())),
    );
  }

  listens(channel: string): boolean {
    return this.inCluster && process.connected ? true : this.hub.hasSubscribers(channel);
  }

  async ping(): Promise<void> {
    if (this.inCluster && !process.connected) throw new Error('cluster channel closed');
  }

  async close(): Promise<void> {
    process.off('message', this.onMessage);
  }
}

interface RedisMessage {
  channel: string;
  event: string;
  data: unknown;
}

/**
 * Several processes: every broadcast goes through Redis pub/sub and each process (this one
 * too) delivers it to its own sockets, so a member connected to A hears what B caused.
 */
export class RedisBroadcaster implements Broadcaster {
  readonly driver = 'redis' as const;
  private readonly pub: Redis;
  /**
   * Broadcasts Redis did not take (a failover or restart in progress), published again in order
   * once the connection is back: sockets hear them a few seconds late rather than never. Bounded
   * in count and age; past either, a broadcast fails as before (the caller logs it).
   */
  private held: Array<{ message: string; at: number }> = [];
  private readonly sub: Redis;
  private readonly topic: string;

  private constructor(
    target: RedisTarget,
    prefix: string,
    private readonly hub: RealtimeHub,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.topic = `${prefix}:realtime:v1`;
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
    this.pub = connectRedis(target, options);
    this.sub = connectRedis(target, options);
    for (const client of [this.pub, this.sub])
      client.on('error', (err) => this.log.warn({ err }, 'redis error'));
    this.sub.on('message', (_topic: string, message: string) => this.onMessage(message));
    this.pub.on('ready', () => void this.release());
  }

  static async connect(
    target: RedisTarget,
    prefix: string,
    hub: RealtimeHub,
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ): Promise<RedisBroadcaster> {
    const broadcaster = new RedisBroadcaster(target, prefix, hub, log);
    await broadcaster.pub.connect();
    await broadcaster.sub.connect();
    await broadcaster.sub.subscribe(broadcaster.topic);
    return broadcaster;
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    const message = JSON.stringify({ channel, event, data } satisfies RedisMessage);
    if (this.held.length > 0) {
      // Behind the held ones, in order; released now if the connection is already back.
      if (!this.hold(message))
        throw new Error('realtime broadcasts held while Redis is away are at their limit');
      if (this.pub.status === 'ready') await this.release();
      return;
    }
    try {
      await this.pub.publish(this.topic, message);
    } catch (err) {
      if (!isRedisUnavailable(err) || !this.hold(message)) throw err;
    }
  }

  /** Broadcasts held at most: beyond, a broadcast fails (the caller logs it). */
  static readonly HOLD_MAX = 10_000;
  /** A held broadcast older than this when Redis is back is dropped: news that old misleads. */
  static readonly HOLD_MS = 30_000;

  private hold(message: string): boolean {
    if (this.held.length >= RedisBroadcaster.HOLD_MAX) return false;
    this.held.push({ message, at: performance.now() });
    return true;
  }

  private async release(): Promise<void> {
    const held = this.held;
    this.held = [];
    const fresh = held.filter((h) => performance.now() - h.at < RedisBroadcaster.HOLD_MS);
    if (fresh.length < held.length)
      this.log.warn({ dropped: held.length - fresh.length }, 'broadcasts held too long while Redis was away');
    for (const [i, h] of fresh.entries()) {
      try {
        await this.pub.publish(this.topic, h.message);
      } catch (err) {
        // Redis went away again: keep the rest for the next reconnection.
        this.held = [...fresh.slice(i), ...this.held];
        this.log.warn({ err }, 'held broadcasts wait for Redis again');
        return;
      }
    }
  }

  async ping(): Promise<void> {
    await this.pub.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private onMessage(message: string): void {
    try {
      const parsed = JSON.parse(message) as RedisMessage;
      this.hub.deliver(parsed.channel, parsed.event, parsed.data);
    } catch (err) {
      this.log.error({ err }, 'bad realtime message on redis');
    }
  }
}

export interface PusherHttpOptions {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  appId: string;
  appKey: string;
  appSecret: string;
}

/**
 * An external Pusher-compatible cluster (Soketi, Laravel Reverb, Pusher): broadcasts go to
 * its HTTP API, signed as the Pusher REST API requires.
 */
export class PusherHttpBroadcaster implements Broadcaster {
  readonly driver = 'pusher' as const;
  constructor(private readonly options: PusherHttpOptions) {}

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    await this.request('POST', `/apps/${this.options.appId}/events`, {
      name: event,
      channels: [channel],
      data: typeof data === 'string' ? data : JSON.stringify(data),
    });
  }

  async ping(): Promise<void> {
    await this.request('GET', `/apps/${this.options.appId}/channels`);
  }

  async close(): Promise<void> {}

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const params: Record<string, string> = {
      auth_key: this.options.appKey,
      // The cluster checks this against its own clock, so it is wall time, not the app's clock.
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
    };
    if (body !== undefined) params.body_md5 = createHash('md5').update(text).digest('hex');
    const query = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const signature = createHmac('sha256', this.options.appSecret)
      .update(`${method}\n${path}\n${query}`)
      .digest('hex');
    const url = `${this.options.scheme}://${this.options.host}:${this.options.port}${path}?${query}&auth_signature=${signature}`;
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`pusher API answered ${res.status}`);
  }
}
