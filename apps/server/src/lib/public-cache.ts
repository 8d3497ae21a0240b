import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Clock } from './clock.ts';

/**
 * What a public answer depends on. A write to any of it calls `invalidate(topic)`, which drops
 * every cached answer of the topic in this process at once and, through the transport, in every
 * other process of the deployment.
 */
export const CACHE_TOPICS = ['content', 'app-config', 'sports', 'lottery'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

export type Encoding = 'br' | 'gzip' | 'identity';

/** One cached answer: its JSON, its ETag, and its compressed forms, each made once on first ask. */
export interface CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  encoded(encoding: Encoding): Buffer;
}

interface Entry extends CachedAnswer {
  topics: readonly CacheTopic[];
  /** The topics' versions when the answer was built. */
  versions: readonly number[];
  expiresAt: number;
}

/** Carries invalidations to the other processes (Redis pub/sub); in one process, nothing. */
export interface CacheTransport {
  publish(topic: CacheTopic): void;
  subscribe(onTopic: (topic: CacheTopic) => void): void;
  close(): Promise<void>;
}

export interface PublicCacheOptions {
  /** Longest an answer is served without a rebuild, whatever the invalidations. */
  ttlMs: number;
  /**
   * Shorter lives for topics whose answers carry the time (the match lists' `server_time`,
   * `betting_open` at kick-off): an answer lives as long as its shortest topic allows.
   */
  topicTtlMs?: Partial<Record<CacheTopic, number>>;
  /** Most answers kept (distinct URLs); the oldest goes first. */
  maxEntries: number;
}

/** Brotli at quality 4: a 180 KB list in about a millisecond, within a few % of the best size. */
const BROTLI = {
  params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
};

/** An answer with its ETag, compressed on first ask (also for a fixed file kept in memory). */
export function answerOf(body: Buffer): CachedAnswer {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const forms = new Map<Encoding, Buffer>([['identity', body]]);
  return {
    body,
    etag,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form = encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

/**
 * Public answers (lists that are the same for every visitor) kept in memory by URL, so a
 * request costs a map lookup instead of queries, serialising and compressing. An answer is
 * kept only if no invalidation of its topics happened while it was being built.
 */
/** What an answer is built from (PublicCache.versionsOf). */
export interface BuildStart {
  versions: readonly number[];
  startedAt: number;
}

export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<CacheTopic, number>(CACHE_TOPICS.map((t) => [t, 0]));

  constructor(
    private readonly clock: Clock,
    private readonly options: PublicCacheOptions,
    private readonly transport: CacheTransport | null = null,
  ) {
    transport?.subscribe((topic) => this.bump(topic));
  }

  /**
   * Taken before an answer is built and handed back to `store`: the topics' versions now, and the
   * instant the answer describes. Its TTL counts from that instant, not from when the build ended,
   * so an answer carrying the time (a list's server_time) is never served more than its TTL after it.
   */
  versionsOf(topics: readonly CacheTopic[]): BuildStart {
    return { versions: topics.map((t) => this.versions.get(t) ?? 0), startedAt: this.clock.now().getTime() };
  }

  get(key: string): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock.now().getTime() || !this.current(entry)) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  /** Keeps an answer built under `versions`; a topic that moved meanwhile makes it stale at once. */
  store(key: string, topics: readonly CacheTopic[], start: BuildStart, body: Buffer): CachedAnswer {
    const answer = answerOf(body);
    const entry: Entry = {
      ...answer,
      topics,
      versions: start.versions,
      expiresAt: start.startedAt + this.ttlOf(topics),
    };
    if (!this.current(entry)) return answer;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return answer;
  }

  /** After a committed change: every answer of the topic, here and in the other processes. */
  invalidate(topic: CacheTopic): void {
    this.bump(topic);
    this.transport?.publish(topic);
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private ttlOf(topics: readonly CacheTopic[]): number {
    let ttl = this.options.ttlMs;
    for (const t of topics) ttl = Math.min(ttl, this.options.topicTtlMs?.[t] ?? ttl);
    return ttl;
  }

  private bump(topic: CacheTopic): void {
    this.versions.set(topic, (this.versions.get(topic) ?? 0) + 1);
  }

  private current(entry: Entry): boolean {
    return entry.topics.every((t, i) => this.versions.get(t) === entry.versions[i]);
  }
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function chooseEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}
