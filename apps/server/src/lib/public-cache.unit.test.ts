import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { chooseEncoding, PublicCache, type CacheTopic, type CacheTransport } from './public-cache.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('PublicCache', () => {
  it('keeps an answer until its topic is invalidated, and not one built across an invalidation', () => {
    const cache = new PublicCache(new ManualClock(1_000_000), { ttlMs: 60_000, maxEntries: 10 });
    const versions = cache.versionsOf(['content']);
    cache.store('/v1/notices', ['content'], versions, json({ n: 1 }));
    expect(cache.get('/v1/notices')?.body.toString()).toBe('{"n":1}');
    cache.invalidate('sports');
    expect(cache.get('/v1/notices')).not.toBeNull();
    cache.invalidate('content');
    expect(cache.get('/v1/notices')).toBeNull();

    // Built while content changed: handed back to its request, never kept for the next.
    const before = cache.versionsOf(['content']);
    cache.invalidate('content');
    const answer = cache.store('/v1/notices', ['content'], before, json({ n: 2 }));
    expect(answer.body.toString()).toBe('{"n":2}');
    expect(cache.get('/v1/notices')).toBeNull();
  });

  it('forgets an answer at its TTL on the injected clock, and the oldest first beyond the size', () => {
    const clock = new ManualClock(1_000_000);
    const cache = new PublicCache(clock, { ttlMs: 1_000, maxEntries: 2 });
    for (const url of ['/a', '/b', '/c'])
      cache.store(url, ['lottery'], cache.versionsOf(['lottery']), json(url));
    expect(cache.size).toBe(2);
    expect(cache.get('/a')).toBeNull();
    expect(cache.get('/c')).not.toBeNull();
    clock.advance(1_000);
    expect(cache.get('/c')).toBeNull();

    // The TTL counts from when the build began: a slow build does not keep its answer longer.
    const started = cache.versionsOf(['lottery']);
    clock.advance(300);
    cache.store('/slow', ['lottery'], started, json('slow'));
    clock.advance(699);
    expect(cache.get('/slow')).not.toBeNull();
    clock.advance(1);
    expect(cache.get('/slow')).toBeNull();

    // A topic that carries the time lives shorter, and so does any answer built on it.
    const lists = new PublicCache(clock, { ttlMs: 60_000, maxEntries: 10, topicTtlMs: { sports: 1_000 } });
    lists.store('/matches', ['sports'], lists.versionsOf(['sports']), json(1));
    lists.store('/notices', ['content'], lists.versionsOf(['content']), json(2));
    clock.advance(1_000);
    expect(lists.get('/matches')).toBeNull();
    expect(lists.get('/notices')).not.toBeNull();
  });

  it('compresses once per encoding, with an ETag of the content', () => {
    const cache = new PublicCache(new ManualClock(1_000_000), { ttlMs: 60_000, maxEntries: 10 });
    const body = json({ list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: '曼联 vs 利物浦' })) });
    const a = cache.store('/m', ['sports'], cache.versionsOf(['sports']), body);
    expect(a.encoded('br')).toBe(a.encoded('br'));
    expect(brotliDecompressSync(a.encoded('br')).equals(body)).toBe(true);
    expect(gunzipSync(a.encoded('gzip')).equals(body)).toBe(true);
    expect(a.encoded('br').length).toBeLessThan(body.length / 5);
    const same = cache.store('/m2', ['sports'], cache.versionsOf(['sports']), Buffer.from(body));
    expect(same.etag).toBe(a.etag);
  });

  it('hears invalidations from other processes through its transport, and sends its own', () => {
    let deliver: (topic: CacheTopic) => void = () => {};
    const sent: CacheTopic[] = [];
    const transport: CacheTransport = {
      publish: (topic) => sent.push(topic),
      subscribe: (on) => {
        deliver = on;
      },
      close: async () => {},
    };
    const cache = new PublicCache(new ManualClock(1_000_000), { ttlMs: 60_000, maxEntries: 10 }, transport);
    cache.store('/x', ['app-config'], cache.versionsOf(['app-config']), json(1));
    deliver('app-config');
    expect(cache.get('/x')).toBeNull();
    cache.invalidate('content');
    expect(sent).toEqual(['content']);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
  });
});
