// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionSettings, TransportHandlers } from './types.ts';

/**
 * pusher-transport.ts overrides two pusher-js runtime methods (no public option covers them), so
 * pusher-js is pinned to one exact version. These tests drive the same build the app bundles
 * (the package's "browser" entry) over a fake WebSocket and fail when an upgrade stops routing
 * sockets or the transport cache through the overridden methods.
 */
const pusherPackage = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('pusher-js/package.json'), 'utf8'),
) as { version: string; browser: string };

vi.mock('pusher-js', async () => {
  const browserBuild = (await import(`pusher-js/${pusherPackage.browser}`)) as { default: unknown };
  return { default: browserBuild.default };
});

const { createPusherTransport } = await import('./pusher-transport.ts');

class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  private fire(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
    this.fire('open', {});
  }
  receive(event: string, data: unknown) {
    const message = { data: JSON.stringify({ event, data: JSON.stringify(data) }) };
    this.onmessage?.(message);
    this.fire('message', message);
  }
  refuse(code: number) {
    this.readyState = 3;
    const event = { code, reason: '', wasClean: false };
    this.onclose?.(event);
    this.fire('close', event);
  }
}

const settings: ConnectionSettings = {
  key: 'jingcai-key',
  cluster: 'mt1',
  scheme: 'ws',
  host: '127.0.0.1',
  port: 6001,
  path: '',
  activityTimeoutS: 120,
  pongTimeoutMs: 10_000,
  privateChannel: null,
};

function handlers() {
  return {
    onConnected: vi.fn<TransportHandlers['onConnected']>(),
    onFailed: vi.fn<TransportHandlers['onFailed']>(),
    onDisconnected: vi.fn<TransportHandlers['onDisconnected']>(),
    onEvent: vi.fn<TransportHandlers['onEvent']>(),
    onSubscribed: vi.fn<TransportHandlers['onSubscribed']>(),
    onSubscriptionError: vi.fn<TransportHandlers['onSubscriptionError']>(),
  };
}

beforeEach(() => {
  FakeSocket.opened = [];
  localStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pusher-js under our overrides', () => {
  it('is pinned to the exact version installed', () => {
    const web = JSON.parse(
      readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8'),
    ) as {
      dependencies: Record<string, string>;
    };
    expect(web.dependencies['pusher-js']).toBe(pusherPackage.version);
  });

  it('opens its socket through the observed factory: a refused socket fails the attempt at once', () => {
    const h = handlers();
    const connection = createPusherTransport(() => Promise.resolve('sig'))(settings, h);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(FakeSocket.opened[0]!.url).toMatch(/^ws:\/\/127\.0\.0\.1:6001\/app\/jingcai-key\?/);
    FakeSocket.opened[0]!.refuse(1006);
    expect(h.onFailed).toHaveBeenCalledWith('连接被关闭（code 1006）');
    // Stopped: pusher-js opens no second socket behind the manager's back.
    expect(FakeSocket.opened).toHaveLength(1);
    connection.close();
  });

  it('connects without writing its transport cache to localStorage', () => {
    const h = handlers();
    const connection = createPusherTransport(() => Promise.resolve('sig'))(settings, h);
    const socket = FakeSocket.opened[0]!;
    socket.open();
    socket.receive('pusher:connection_established', { socket_id: '123.456', activity_timeout: 120 });
    expect(h.onConnected).toHaveBeenCalledWith('123.456');
    expect(Object.keys(localStorage)).toEqual([]);
    connection.close();
    expect(h.onDisconnected).not.toHaveBeenCalled();
  });
});
