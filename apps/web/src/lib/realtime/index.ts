/**
 * The realtime client (SPEC.md §4, issue 3): one manager for the whole app.
 *
 * Public API (other features code against exactly this):
 * - `subscribePublic(channel, event, handler)` — public channels (`matches.live`, `announcements`,
 *   `lottery.<code>`; event `'*'` receives every event); works for visitors too (a visitor socket
 *   opens on demand);
 * - `subscribePrivate(event, handler)` — the logged-in member's private channel;
 * - `useRealtimeStatus()` — `{ state, method, socketId }`.
 * Each subscribe returns its unsubscriber. Handlers get the event payload as sent (validate it).
 */
import { connectionLog } from '../logger.ts';
import { remoteConfigStore } from '../remote-config.ts';
import { realtimeApi } from './api.ts';
import { createChannelAuthorizer } from './auth.ts';
import { recordEvent } from './buffers.ts';
import { createRealtimeHooks } from './hooks.ts';
import { lazyTransport } from './lazy-transport.ts';
import { RealtimeManager } from './manager.ts';
import { settingsFromReverbUrl } from './settings.ts';
import type { RealtimeStatus } from './types.ts';

/** The app key a visitor connects with before any connection info was seen (server default). */
const DEFAULT_APP_KEY: string =
  (import.meta.env.VITE_REALTIME_APP_KEY as string | undefined) ?? 'jingcai-key';

const authorizer = createChannelAuthorizer({
  authorizeOne: realtimeApi.authorize,
  authorizeBatch: realtimeApi.authorizeBatch,
});

/** The one realtime manager. */
export const realtime = new RealtimeManager({
  // pusher-js loads with the first connection attempt, not with the first page.
  createTransport: lazyTransport(() =>
    import('./pusher-transport.ts').then(({ createPusherTransport }) =>
      createPusherTransport(authorizer.authorize),
    ),
  ),
  fetchConnectionInfo: () => realtimeApi.connectionInfo(),
  anonymousSettings: (info) => {
    // The remote config carries the server's app key and cluster, so visitors need no login.
    const config = remoteConfigStore.getState().config;
    return settingsFromReverbUrl(
      config.reverbUrl,
      info?.app_key ?? config.appKey ?? DEFAULT_APP_KEY,
      info?.cluster ?? config.cluster,
    );
  },
  heartbeat: realtimeApi.heartbeat,
  updateStatus: realtimeApi.updateStatus,
  log: (type, message, extra) => connectionLog.add(type, message, extra),
  resetAuth: () => authorizer.reset(),
});
realtime.onEvent(recordEvent);
// The network came back: a manager that gave up (on a member's socket or a visitor's) tries again.
if (typeof window !== 'undefined') window.addEventListener('online', () => realtime.handleOnline());

const hooks = createRealtimeHooks(realtime);

/** Listens to `event` on a public channel; returns the unsubscriber. */
export function subscribePublic(
  channel: string,
  event: string,
  handler: (data: unknown) => void,
): () => void {
  return realtime.subscribePublic(channel, event, handler);
}

/** Listens to `event` on the logged-in member's private channel; returns the unsubscriber. */
export function subscribePrivate(event: string, handler: (data: unknown) => void): () => void {
  return realtime.subscribePrivate(event, handler);
}

/** Connection state, update method (websocket / polling / none) and socket id. */
export function useRealtimeStatus(): RealtimeStatus {
  return hooks.useRealtimeStatus();
}

export const { useRealtimeSnapshot, usePublicEvent, usePrivateEvent } = hooks;
export { useRealtimeBuffers } from './hooks.ts';
export { realtimeApi } from './api.ts';
export type { ConnectionTestResult, CurrentBalance, OnlineStatus } from './api.ts';
export * from './buffers.ts';
export { ANY_EVENT, type LifecycleEvent } from './manager.ts';
export { POLICY as POLICY_LIMITS } from './policy.ts';
export type * from './types.ts';
