import type { ConnectionInfo } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeManager, type LifecycleEvent, type ManagerDeps } from './manager.ts';
import { reconnectDelayMs } from './policy.ts';
import type { ConnectionSettings, TransportHandlers } from './types.ts';

const info: ConnectionInfo = {
  driver: 'embedded',
  scheme: 'ws',
  host: '127.0.0.1',
  port: 3000,
  path: '',
  app_key: 'key',
  cluster: 'mt1',
  auth_endpoint: '/v1/broadcasting/auth',
  channels: { private: 'private-user.7', public: ['announcements', 'matches.live'] },
  events: [],
  activity_timeout: 25,
  pong_timeout: 10_000,
};

interface FakeTransport {
  settings: ConnectionSettings;
  handlers: TransportHandlers;
  subscribed: Set<string>;
  closed: boolean;
}

function setup() {
  const transports: FakeTransport[] = [];
  const lifecycle: LifecycleEvent[] = [];
  const deps = {
    createTransport: vi.fn((settings: ConnectionSettings, handlers: TransportHandlers) => {
      const transport: FakeTransport = { settings, handlers, subscribed: new Set(), closed: false };
      transports.push(transport);
      return {
        subscribe: (channel: string) => transport.subscribed.add(channel),
        unsubscribe: (channel: string) => transport.subscribed.delete(channel),
        close: () => {
          transport.closed = true;
        },
      };
    }),
    fetchConnectionInfo: vi.fn(() => Promise.resolve(info)),
    anonymousSettings: vi.fn((): ConnectionSettings => ({
      key: 'key',
      cluster: 'mt1',
      scheme: 'ws',
      host: 'localhost',
      port: 3000,
      path: '',
      activityTimeoutS: 25,
      pongTimeoutMs: 10_000,
      privateChannel: null,
    })),
    heartbeat: vi.fn(() => Promise.resolve()),
    updateStatus: vi.fn((_status: 'online' | 'offline', _socketId: string) => Promise.resolve()),
    log: vi.fn(),
    resetAuth: vi.fn(),
  } satisfies ManagerDeps;
  const manager = new RealtimeManager(deps);
  const poll = vi.fn(() => Promise.resolve());
  manager.setPoller(poll);
  manager.onLifecycle((event) => lifecycle.push(event));
  const last = () => {
    const transport = transports.at(-1);
    if (!transport) throw new Error('no transport yet');
    return transport;
  };
  return { manager, deps, transports, last, poll, lifecycle };
}

/** Lets timers and the promise callbacks they start run. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const member = { userId: 7, token: 'tok' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('starting and stopping (SPEC.md §4)', () => {
  it('does nothing without a session', async () => {
    const { manager, deps } = setup();
    manager.setSession(null);
    manager.setSession({ userId: 7, token: '' });
    await advance(60_000);
    expect(deps.fetchConnectionInfo).not.toHaveBeenCalled();
    expect(deps.createTransport).not.toHaveBeenCalled();
    expect(manager.getStatus()).toEqual({ state: 'idle', method: 'none', socketId: null });
  });

  it('connects with user id and token, subscribes the private channel, reports online after 2 s and beats every 2 min', async () => {
    const { manager, deps, last } = setup();
    manager.setSession(member);
    expect(manager.getStatus().state).toBe('connecting');
    await advance(0);
    expect(last().subscribed).toEqual(new Set(['private-user.7']));
    last().handlers.onConnected('1.2');
    expect(manager.getStatus()).toEqual({ state: 'connected', method: 'websocket', socketId: '1.2' });

    await advance(1_999);
    expect(deps.updateStatus).not.toHaveBeenCalled();
    await advance(1);
    expect(deps.updateStatus).toHaveBeenCalledWith('online', '1.2');

    await advance(120_000 - 2_000 - 1);
    expect(deps.heartbeat).not.toHaveBeenCalled();
    await advance(1);
    expect(deps.heartbeat).toHaveBeenCalledWith('1.2');
    await advance(120_000);
    expect(deps.heartbeat).toHaveBeenCalledTimes(2);
  });

  it('stops everything on logout', async () => {
    const { manager, deps, last, poll, transports } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onFailed('refused');
    await advance(3_000);
    last().handlers.onFailed('refused');
    await advance(6_000);
    last().handlers.onFailed('refused');
    expect(manager.getSnapshot().polling).toBe(true);

    manager.setSession(null);
    expect(last().closed).toBe(true);
    expect(manager.getStatus()).toEqual({ state: 'idle', method: 'none', socketId: null });
    const polls = poll.mock.calls.length;
    const created = transports.length;
    await advance(10 * 60_000);
    expect(poll).toHaveBeenCalledTimes(polls);
    expect(transports).toHaveLength(created);
    expect(deps.resetAuth).toHaveBeenCalled();
  });

  it('reports offline with the socket id before logout', async () => {
    const { manager, deps, last } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onConnected('3.4');
    await manager.announceOffline();
    expect(deps.updateStatus).toHaveBeenCalledWith('offline', '3.4');
  });
});

describe('reconnect policy and polling fallback (SPEC.md §4, §9)', () => {
  it('backs off 3, 6, 12, 24, 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelayMs)).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000]);
  });

  it('counts failed attempts, polls from the 3rd, reconnects 5 times with backoff, then gives up', async () => {
    const { manager, last, poll, transports, lifecycle } = setup();
    manager.setSession(member);
    await advance(0);

    const delays = [3_000, 6_000, 12_000, 24_000, 30_000];
    for (const [i, delay] of delays.entries()) {
      last().handlers.onFailed('refused');
      const attempts = i + 1;
      expect(manager.getSnapshot().attempts).toBe(attempts);
      expect(manager.getSnapshot().reconnects).toBe(attempts);
      expect(manager.getStatus().state).toBe('closed');
      // Polling starts with the 3rd failed attempt, with an immediate first poll.
      expect(manager.getSnapshot().polling).toBe(attempts >= 3);
      expect(manager.getStatus().method).toBe(attempts >= 3 ? 'polling' : 'none');
      if (attempts < 3) expect(poll).not.toHaveBeenCalled();
      if (attempts === 3) expect(poll).toHaveBeenCalledTimes(1);

      const before = transports.length;
      await advance(delay - 1);
      expect(transports).toHaveLength(before);
      await advance(1);
      expect(transports).toHaveLength(before + 1);
    }

    // The 5th reconnect fails too: reconnect-failed, no more attempts, polling goes on.
    last().handlers.onFailed('refused');
    expect(lifecycle.filter((e) => e.type === 'reconnect-failed')).toHaveLength(1);
    expect(manager.getSnapshot().reconnectFailed).toBe(true);
    expect(manager.getStatus().method).toBe('polling');
    const created = transports.length;
    const polls = poll.mock.calls.length;
    await advance(10 * 60_000);
    expect(transports).toHaveLength(created);
    expect(poll.mock.calls.length - polls).toBe(20); // every 30 s
  });

  it('a successful connection stops polling and resets the counters', async () => {
    const { manager, last, poll } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onFailed('refused');
    await advance(3_000);
    last().handlers.onFailed('refused');
    await advance(6_000);
    last().handlers.onFailed('refused');
    expect(manager.getStatus().method).toBe('polling');
    await advance(30_000);
    expect(poll).toHaveBeenCalledTimes(2);

    // The 3rd reconnect started 12 s after the 3rd failure; it succeeds now.
    last().handlers.onConnected('5.6');
    const snapshot = manager.getSnapshot();
    expect(snapshot.polling).toBe(false);
    expect(snapshot.attempts).toBe(0);
    expect(snapshot.reconnects).toBe(0);
    expect(manager.getStatus()).toEqual({ state: 'connected', method: 'websocket', socketId: '5.6' });
    const polls = poll.mock.calls.length; // one catch-up poll on reconnect
    await advance(5 * 60_000);
    expect(poll).toHaveBeenCalledTimes(polls);
  });

  it('a dropped connection starts polling after 5 s and reconnects after 3 s', async () => {
    const { manager, last, poll, transports } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onConnected('1.1');
    last().handlers.onDisconnected('server went away');
    expect(manager.getStatus()).toEqual({ state: 'closed', method: 'none', socketId: null });

    await advance(3_000);
    expect(transports).toHaveLength(2);
    last().handlers.onFailed('refused');
    await advance(1_999);
    expect(manager.getSnapshot().polling).toBe(false);
    await advance(1);
    expect(manager.getSnapshot().polling).toBe(true);
    expect(manager.getStatus().method).toBe('polling');
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('no polling when the connection is back within 5 s', async () => {
    const { manager, last, poll } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onConnected('1.1');
    last().handlers.onDisconnected('blip');
    await advance(3_000);
    last().handlers.onConnected('1.2');
    await advance(60_000);
    expect(poll).not.toHaveBeenCalled();
    expect(manager.getStatus().method).toBe('websocket');
  });

  it('a failed connection-info call counts as a failed attempt', async () => {
    const { manager, deps } = setup();
    deps.fetchConnectionInfo.mockRejectedValue(new Error('网络异常'));
    manager.setSession(member);
    await advance(0);
    expect(manager.getSnapshot().attempts).toBe(1);
    expect(deps.createTransport).not.toHaveBeenCalled();
    await advance(3_000);
    expect(manager.getSnapshot().attempts).toBe(2);
  });

  it('a manual disconnect stays down but keeps member data fresh by polling after 5 s', async () => {
    const { manager, last, poll, transports } = setup();
    manager.setSession(member);
    await advance(0);
    last().handlers.onConnected('1.1');
    manager.disconnect();
    expect(last().closed).toBe(true);
    expect(manager.getStatus().state).toBe('closed');
    await advance(5_000);
    expect(manager.getStatus().method).toBe('polling');
    await advance(10 * 60_000);
    expect(transports).toHaveLength(1);
    expect(poll.mock.calls.length).toBeGreaterThan(10);
    manager.connect();
    await advance(0);
    expect(transports).toHaveLength(2);
  });

  it('tries again when the network returns after giving up', async () => {
    const { manager, last, transports } = setup();
    manager.setSession(member);
    await advance(0);
    for (const delay of [3_000, 6_000, 12_000, 24_000, 30_000]) {
      last().handlers.onFailed('refused');
      await advance(delay);
    }
    last().handlers.onFailed('refused');
    expect(manager.getSnapshot().reconnectFailed).toBe(true);
    const created = transports.length;
    manager.handleOnline();
    await advance(0);
    expect(transports).toHaveLength(created + 1);
    expect(manager.getSnapshot().reconnectFailed).toBe(false);
  });
});

describe('subscriptions', () => {
  it('delivers private events to private handlers and public events to their channel and event only', async () => {
    const { manager, last } = setup();
    manager.setSession(member);
    const balance = vi.fn();
    const odds = vi.fn();
    const anyLive = vi.fn();
    const offBalance = manager.subscribePrivate('balance.changed', balance);
    manager.subscribePublic('matches.live', 'odds.updated', odds);
    manager.subscribePublic('matches.live', '*', anyLive);
    await advance(0);
    expect(last().subscribed).toEqual(new Set(['private-user.7', 'matches.live']));
    last().handlers.onConnected('1.1');

    last().handlers.onEvent('private-user.7', 'balance.changed', { balance: '1.00' });
    last().handlers.onEvent('matches.live', 'odds.updated', { id: 1 });
    last().handlers.onEvent('matches.live', 'match.updated', { id: 2 });
    last().handlers.onEvent('announcements', 'balance.changed', { balance: 'x' });
    expect(balance).toHaveBeenCalledExactlyOnceWith({ balance: '1.00' });
    expect(odds).toHaveBeenCalledExactlyOnceWith({ id: 1 });
    expect(anyLive).toHaveBeenCalledTimes(2);

    offBalance();
    last().handlers.onEvent('private-user.7', 'balance.changed', { balance: '2.00' });
    expect(balance).toHaveBeenCalledTimes(1);
  });

  it('a throwing handler does not stop the others', async () => {
    const { manager, last } = setup();
    manager.setSession(member);
    const good = vi.fn();
    manager.subscribePrivate('notification', () => {
      throw new Error('boom');
    });
    manager.subscribePrivate('notification', good);
    await advance(0);
    last().handlers.onEvent('private-user.7', 'notification', {});
    expect(good).toHaveBeenCalled();
  });

  it('opens a visitor connection for public channels, never polls, and closes it after the last page leaves', async () => {
    const { manager, deps, last, poll } = setup();
    const handler = vi.fn();
    const off = manager.subscribePublic('matches.live', 'match.updated', handler);
    await advance(0);
    expect(deps.fetchConnectionInfo).not.toHaveBeenCalled();
    expect(last().settings.privateChannel).toBeNull();
    expect(last().subscribed).toEqual(new Set(['matches.live']));
    expect(manager.getSnapshot().mode).toBe('anonymous');

    // Failures back off the same way, but a visitor has nothing to poll.
    last().handlers.onFailed('refused');
    await advance(3_000);
    last().handlers.onFailed('refused');
    await advance(6_000);
    last().handlers.onFailed('refused');
    await advance(60_000);
    expect(poll).not.toHaveBeenCalled();
    last().handlers.onConnected('9.9');
    last().handlers.onEvent('matches.live', 'match.updated', { id: 3 });
    expect(handler).toHaveBeenCalledWith({ id: 3 });
    expect(manager.getStatus().method).toBe('websocket');

    off();
    expect(last().subscribed.size).toBe(0);
    await advance(9_999);
    expect(last().closed).toBe(false);
    await advance(1);
    expect(last().closed).toBe(true);
    expect(manager.getStatus().state).toBe('idle');
  });

  it('switches a visitor connection to a member connection on login and back on logout', async () => {
    const { manager, deps, transports } = setup();
    manager.subscribePublic('matches.live', 'match.updated', vi.fn());
    await advance(0);
    expect(transports[0]?.settings.privateChannel).toBeNull();

    manager.setSession(member);
    await advance(0);
    expect(transports[0]?.closed).toBe(true);
    expect(transports[1]?.settings.privateChannel).toBe('private-user.7');
    expect(transports[1]?.subscribed).toEqual(new Set(['private-user.7', 'matches.live']));

    manager.setSession(null);
    await advance(0);
    expect(transports[1]?.closed).toBe(true);
    expect(transports[2]?.settings.privateChannel).toBeNull();
    expect(deps.fetchConnectionInfo).toHaveBeenCalledTimes(1);
  });

  it('ignores late callbacks of an abandoned connection', async () => {
    const { manager, transports } = setup();
    manager.setSession(member);
    await advance(0);
    const first = transports[0];
    manager.setSession({ userId: 8, token: 'other' });
    await advance(0);
    first?.handlers.onConnected('old.1');
    expect(manager.getStatus().socketId).toBeNull();
  });
});
