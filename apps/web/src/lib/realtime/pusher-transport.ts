import Pusher, { type Channel } from 'pusher-js';
import { POLICY } from './policy.ts';
import type {
  ConnectionSettings,
  TransportConnection,
  TransportFactory,
  TransportHandlers,
} from './types.ts';

export type Authorize = (channel: string, socketId: string) => Promise<string>;

interface PusherRuntime {
  createWebSocket(url: string): WebSocket;
  getLocalStorage(): unknown;
}

/** Sees every socket pusher-js opens, so an attempt whose socket closes before connecting fails at once. */
let observeSocket: ((socket: WebSocket) => void) | null = null;

// Two runtime overrides, made once. pusher-js has no public option for either, so package.json pins
// its exact version and pusher-transport.test.ts drives its browser build over a fake WebSocket: the
// test fails if an upgrade stops routing sockets or its transport cache through these methods.
// - pusher-js caches its transport choice in localStorage (pusherTransportNonTLS); SPEC.md §3 allows
//   only userinfo, token and appinfo there;
// - pusher-js retries a refused socket silently forever; we need to know so that SPEC.md §4's
//   attempt counter, backoff and polling fallback apply.
const runtime = Pusher.Runtime as unknown as PusherRuntime;
runtime.getLocalStorage = () => undefined;
const createWebSocket = runtime.createWebSocket.bind(runtime);
runtime.createWebSocket = (url: string) => {
  const socket = createWebSocket(url);
  observeSocket?.(socket);
  return socket;
};

const INTERNAL_EVENT = /^pusher(_internal)?:/;

/** A pusher-js client per attempt, reporting to the manager and never retrying on its own. */
export function createPusherTransport(authorize: Authorize): TransportFactory {
  return (settings: ConnectionSettings, handlers: TransportHandlers): TransportConnection => {
    let closed = false;
    let connected = false;
    const observer = (socket: WebSocket) => {
      socket.addEventListener('close', (event) => {
        if (closed) return;
        fail(`连接被关闭（code ${event.code}${event.reason ? `，${event.reason}` : ''}）`);
      });
    };
    // Set before the constructor: pusher-js opens its first socket from inside it.
    observeSocket = observer;
    const pusher = new Pusher(settings.key, {
      cluster: settings.cluster,
      wsHost: settings.host,
      wsPort: settings.port,
      wssPort: settings.port,
      ...(settings.path ? { wsPath: settings.path } : {}),
      forceTLS: settings.scheme === 'wss',
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      activityTimeout: settings.activityTimeoutS * 1000,
      pongTimeout: settings.pongTimeoutMs,
      unavailableTimeout: POLICY.attemptTimeoutMs,
      channelAuthorization: {
        customHandler: ({ channelName, socketId }, callback) => {
          authorize(channelName, socketId).then(
            (auth) => callback(null, { auth }),
            (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
          );
        },
      },
    });

    /** Ends this attempt/connection once: pusher-js is stopped so it cannot retry behind our back. */
    const finish = (report: () => void) => {
      if (closed) return;
      close();
      report();
    };
    const fail = (reason: string) =>
      finish(() => (connected ? handlers.onDisconnected(reason) : handlers.onFailed(reason)));

    pusher.connection.bind('state_change', ({ current }: { previous: string; current: string }) => {
      if (closed) return;
      switch (current) {
        case 'connected':
          connected = true;
          handlers.onConnected(pusher.connection.socket_id);
          break;
        case 'connecting':
          if (connected) fail('连接中断');
          break;
        case 'unavailable':
          fail(connected ? '连接中断' : '连接超时，服务不可用');
          break;
        case 'failed':
          fail('浏览器不支持 WebSocket');
          break;
        case 'disconnected':
          fail('连接已关闭');
          break;
      }
    });
    pusher.connection.bind('error', (error: { type?: string; error?: { data?: { message?: string } } }) => {
      if (closed || connected) return;
      const detail = error.error?.data?.message;
      if (error.type === 'PusherError' || error.type === 'HandshakeError') fail(detail ?? '握手失败');
    });

    const channels = new Map<string, Channel>();
    const subscribe = (name: string) => {
      if (closed || channels.has(name)) return;
      const channel = pusher.subscribe(name);
      channels.set(name, channel);
      channel.bind('pusher:subscription_succeeded', () => {
        if (!closed) handlers.onSubscribed(name);
      });
      channel.bind(
        'pusher:subscription_error',
        (error: { error?: string; status?: number; type?: string }) => {
          if (closed) return;
          handlers.onSubscriptionError(name, error.error ?? `状态 ${error.status ?? '未知'}`);
        },
      );
      channel.bind_global((event: string, data: unknown) => {
        if (!closed && !INTERNAL_EVENT.test(event)) handlers.onEvent(name, event, data);
      });
    };

    function close() {
      if (closed) return;
      closed = true;
      if (observeSocket === observer) observeSocket = null;
      pusher.disconnect();
      // pusher-js keeps every client in a static list; ours are one per attempt.
      const index = Pusher.instances.indexOf(pusher);
      if (index >= 0) Pusher.instances.splice(index, 1);
    }

    return {
      subscribe,
      unsubscribe(name) {
        if (closed || !channels.has(name)) return;
        channels.delete(name);
        pusher.unsubscribe(name);
      },
      close,
    };
  };
}
