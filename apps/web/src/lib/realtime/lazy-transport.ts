import type { TransportConnection, TransportFactory } from './types.ts';

/**
 * A transport whose implementation loads on the first connection attempt (the socket client is
 * a large library; no page needs it before it renders). Subscriptions made while it loads are
 * replayed in order; a close before it arrives means the real connection is never opened; a load
 * that fails reports the attempt as failed, so the manager's retries and polling fallback apply.
 */
export function lazyTransport(load: () => Promise<TransportFactory>): TransportFactory {
  let loading: Promise<TransportFactory> | null = null;
  return (settings, handlers) => {
    let real: TransportConnection | null = null;
    let closed = false;
    const pending: Array<(connection: TransportConnection) => void> = [];

    loading ??= load().catch((err: unknown) => {
      loading = null; // the next attempt tries again
      throw err;
    });
    loading.then(
      (create) => {
        if (closed) return;
        real = create(settings, handlers);
        for (const call of pending.splice(0)) call(real);
      },
      (err: unknown) => {
        if (closed) return;
        closed = true;
        handlers.onFailed(`实时模块加载失败：${err instanceof Error ? err.message : String(err)}`);
      },
    );

    const forward = (call: (connection: TransportConnection) => void) => {
      if (closed) return;
      if (real) call(real);
      else pending.push(call);
    };
    return {
      subscribe: (channel) => forward((connection) => connection.subscribe(channel)),
      unsubscribe: (channel) => forward((connection) => connection.unsubscribe(channel)),
      close() {
        if (closed) return;
        closed = true;
        pending.length = 0;
        real?.close();
      },
    };
  };
}
