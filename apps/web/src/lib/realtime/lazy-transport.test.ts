import { describe, expect, it, vi } from 'vitest';
import { lazyTransport } from './lazy-transport.ts';
import type { ConnectionSettings, TransportFactory, TransportHandlers } from './types.ts';

const settings: ConnectionSettings = {
  key: 'key',
  cluster: 'mt1',
  scheme: 'ws',
  host: '127.0.0.1',
  port: 3000,
  path: '',
  activityTimeoutS: 25,
  pongTimeoutMs: 10_000,
  privateChannel: null,
};

function handlers(): TransportHandlers {
  return {
    onConnected: vi.fn(),
    onFailed: vi.fn(),
    onDisconnected: vi.fn(),
    onEvent: vi.fn(),
    onSubscribed: vi.fn(),
    onSubscriptionError: vi.fn(),
  };
}

function fakeFactory() {
  const calls: string[] = [];
  const factory: TransportFactory = vi.fn(() => ({
    subscribe: (channel: string) => calls.push(`subscribe ${channel}`),
    unsubscribe: (channel: string) => calls.push(`unsubscribe ${channel}`),
    close: () => calls.push('close'),
  }));
  return { calls, factory };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyTransport', () => {
  it('replays subscriptions made while the implementation loads, in order', async () => {
    const { calls, factory } = fakeFactory();
    const connection = lazyTransport(() => Promise.resolve(factory))(settings, handlers());
    connection.subscribe('announcements');
    connection.subscribe('matches.live');
    connection.unsubscribe('announcements');
    expect(calls).toEqual([]);
    await settle();
    expect(calls).toEqual(['subscribe announcements', 'subscribe matches.live', 'unsubscribe announcements']);
    connection.subscribe('lottery.cqssc');
    expect(calls.at(-1)).toBe('subscribe lottery.cqssc');
  });

  it('never opens the real connection when closed before the implementation arrives', async () => {
    const { calls, factory } = fakeFactory();
    const connection = lazyTransport(() => Promise.resolve(factory))(settings, handlers());
    connection.subscribe('announcements');
    connection.close();
    await settle();
    expect(factory).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('reports a failed load as a failed attempt and loads again on the next one', async () => {
    const { factory } = fakeFactory();
    const load = vi
      .fn<() => Promise<TransportFactory>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(factory);
    const create = lazyTransport(load);
    const onFailed = vi.fn();
    create(settings, { ...handlers(), onFailed });
    await settle();
    expect(onFailed).toHaveBeenCalledWith('实时模块加载失败：chunk missing');

    create(settings, handlers());
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
