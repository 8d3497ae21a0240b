import { REALTIME } from '@app/shared';

/**
 * SPEC.md §4/§9 reconnect and polling policy, in one place:
 * - every failed attempt raises the counter; after 3 failed attempts user info is polled every 30 s
 *   (first poll at once);
 * - up to 5 reconnects, the n-th after 3 s × 2^(n-1), capped at 30 s (3, 6, 12, 24, 30 s), then a
 *   reconnect-failed event;
 * - a connection that was up and drops starts polling after 5 s unless it is back by then;
 * - a successful connection stops polling and resets the counters.
 */
export const POLICY = {
  maxReconnects: REALTIME.maxReconnects,
  reconnectBaseMs: REALTIME.reconnectBaseMs,
  reconnectMaxMs: REALTIME.reconnectMaxMs,
  pollingIntervalMs: REALTIME.pollingIntervalMs,
  pollingAfterFailures: REALTIME.pollingAfterFailures,
  pollingAfterDisconnectMs: REALTIME.pollingAfterDisconnectMs,
  userHeartbeatMs: REALTIME.userHeartbeatMs,
  statusNoticeDelayMs: REALTIME.statusNoticeDelayMs,
  /** pusher-js gives up an attempt that has not connected after this long. */
  attemptTimeoutMs: 10_000,
  /** A visitor's socket stays this long after the last public subscription ends (page changes). */
  anonymousLingerMs: 10_000,
} as const;

/** Delay before the n-th reconnect (1-based). */
export function reconnectDelayMs(reconnect: number): number {
  const n = Math.max(1, reconnect);
  return Math.min(POLICY.reconnectBaseMs * 2 ** (n - 1), POLICY.reconnectMaxMs);
}
