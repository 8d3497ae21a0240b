import { REALTIME } from '@app/shared';
import type { ApiResponse } from '@app/shared/api';

export type BatchAuthResult = ApiResponse<'POST', '/v1/broadcasting/auth-batch'>;

export interface AuthorizerDeps {
  /** POST /v1/broadcasting/auth → the signature. */
  authorizeOne(channel: string, socketId: string): Promise<string>;
  /** POST /v1/broadcasting/auth-batch → a result per channel. */
  authorizeBatch(channels: string[], socketId: string): Promise<BatchAuthResult>;
  now?(): number;
  debounceMs?: number;
  cacheMs?: number;
}

interface Pending {
  channel: string;
  resolve(auth: string): void;
  reject(error: Error): void;
}

/**
 * Channel signatures for private subscriptions (SPEC.md §9):
 * - cache 5 min: a signature for the same socket and channel is reused;
 * - debounce 2 s: asking again for the same socket and channel within 2 s of a request shares
 *   that request (and its outcome, also a refusal), so a flapping subscription cannot hammer
 *   the server; the first request goes out at once;
 * - channels asked for in the same tick go out together through auth-batch.
 */
export function createChannelAuthorizer(deps: AuthorizerDeps) {
  const now = () => (deps.now ? deps.now() : Date.now());
  const debounceMs = deps.debounceMs ?? REALTIME.authDebounceMs;
  const cacheMs = deps.cacheMs ?? REALTIME.authCacheMs;
  const cache = new Map<string, { auth: string; at: number }>();
  const recent = new Map<string, { promise: Promise<string>; at: number }>();
  let queue = new Map<string, Pending[]>();
  let flushing = false;

  const keyOf = (channel: string, socketId: string) => `${socketId}|${channel}`;

  async function flush(socketId: string, batch: Pending[]): Promise<void> {
    const channels = [...new Set(batch.map((p) => p.channel))];
    const settle = (channel: string, outcome: { auth: string } | { error: Error }) => {
      for (const pending of batch.filter((p) => p.channel === channel)) {
        if ('auth' in outcome) pending.resolve(outcome.auth);
        else pending.reject(outcome.error);
      }
    };
    try {
      if (channels.length === 1) {
        const channel = channels[0] as string;
        settle(channel, { auth: await deps.authorizeOne(channel, socketId) });
        return;
      }
      const results = await deps.authorizeBatch(channels, socketId);
      for (const channel of channels) {
        const result = results[channel];
        if (result && 'auth' in result) settle(channel, { auth: result.auth });
        else settle(channel, { error: new Error(result ? result.error : '认证失败') });
      }
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const prefix = channels.length === 1 ? '认证失败' : '批量认证失败';
      for (const channel of channels) settle(channel, { error: new Error(`${prefix}：${reason}`) });
    }
  }

  function scheduleFlush(): void {
    if (flushing) return;
    flushing = true;
    queueMicrotask(() => {
      flushing = false;
      const bySocket = queue;
      queue = new Map();
      for (const [socketId, batch] of bySocket) void flush(socketId, batch);
    });
  }

  return {
    /** The signature for subscribing `socketId` to `channel`. */
    authorize: (channel: string, socketId: string): Promise<string> => {
      const key = keyOf(channel, socketId);
      const cached = cache.get(key);
      if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.auth);
      const previous = recent.get(key);
      if (previous && now() - previous.at < debounceMs) return previous.promise;

      const promise = new Promise<string>((resolve, reject) => {
        const list = queue.get(socketId) ?? [];
        list.push({ channel, resolve, reject });
        queue.set(socketId, list);
        scheduleFlush();
      }).then((auth) => {
        cache.set(key, { auth, at: now() });
        return auth;
      });
      recent.set(key, { promise, at: now() });
      promise.catch(() => undefined);
      return promise;
    },
    /** Forgets every signature (new socket, other member, logout). */
    reset: (): void => {
      cache.clear();
      recent.clear();
    },
  };
}

export type ChannelAuthorizer = ReturnType<typeof createChannelAuthorizer>;
