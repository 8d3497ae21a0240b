import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { parseSentinels } from './redis.ts';

describe('Redis target', () => {
  it('reads the Sentinels, with the default port where one is left out', () => {
    expect(parseSentinels('10.0.0.1:26380, sentinel-b ,10.0.0.3:26379')).toEqual([
      { host: '10.0.0.1', port: 26380 },
      { host: 'sentinel-b', port: 26379 },
      { host: '10.0.0.3', port: 26379 },
    ]);
  });

  it('configures Redis by one address or through Sentinel, never both', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret, REDIS_URL: 'redis://10.0.0.9:6379' }).realtime.redis).toEqual({
      kind: 'url',
      url: 'redis://10.0.0.9:6379',
    });
    const sentinel = loadConfig({
      ...secret,
      REDIS_SENTINELS: '10.0.0.1:26379,10.0.0.2:26379',
      REDIS_SENTINEL_MASTER: 'money',
    }).realtime;
    expect(sentinel.driver).toBe('redis');
    expect(sentinel.redis).toEqual({
      kind: 'sentinel',
      name: 'money',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26379 },
      ],
    });
    expect(loadConfig({}).realtime.redis).toBeUndefined();
    expect(() => loadConfig({ ...secret, REDIS_URL: 'redis://a:6379', REDIS_SENTINELS: 'b:26379' })).toThrow(
      /REDIS_URL or REDIS_SENTINELS, not both/,
    );
    expect(() => loadConfig({ ...secret, REDIS_SENTINELS: 'b:26379;rm -rf' })).toThrow(/REDIS_SENTINELS/);
  });
});
