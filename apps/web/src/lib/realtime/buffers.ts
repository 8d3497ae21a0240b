import { BUFFER_LIMITS, fenFromDecimal, formatFen, type BalanceChangedEvent } from '@app/shared';
import { createStore } from 'zustand/vanilla';
import type { ReceivedEvent } from './types.ts';

/** Balance change record (SPEC.md §3): amounts are decimal strings. */
export interface BalanceChangeRecord {
  amount: string;
  type: string;
  /** Chinese text of the type (充值到账 ...). */
  typeText: string;
  timestamp: number;
  before: string;
  after: string;
}

/** Notification (SPEC.md §3) with its read flag. */
export interface RealtimeNotification {
  id: string;
  read: boolean;
  title: string;
  message: string;
  type: string;
  timestamp: number;
}

/** Events kept for the push test page. */
export const EVENT_FEED_LIMIT = 100;

interface BufferState {
  /** Newest first, at most BUFFER_LIMITS.balanceHistory. */
  balanceHistory: BalanceChangeRecord[];
  /** Newest first, at most BUFFER_LIMITS.notifications. */
  notifications: RealtimeNotification[];
  /** Newest first, at most EVENT_FEED_LIMIT. */
  events: ReceivedEvent[];
}

/** In memory only: local storage may hold nothing but userinfo, token and appinfo. */
export const realtimeBuffers = createStore<BufferState>(() => ({
  balanceHistory: [],
  notifications: [],
  events: [],
}));

const keepFirst = <T>(item: T, list: T[], limit: number): T[] => [item, ...list].slice(0, limit);

/** The record of a main-wallet balance change: before = after − amount, computed in 分. */
export function balanceRecordOf(event: BalanceChangedEvent): BalanceChangeRecord {
  const after = event.wallet_balance;
  return {
    amount: event.change_amount,
    type: event.change_type,
    typeText: event.change_type_text,
    timestamp: event.timestamp,
    before: formatFen(fenFromDecimal(after) - fenFromDecimal(event.change_amount)),
    after,
  };
}

export function recordBalanceChange(record: BalanceChangeRecord): void {
  realtimeBuffers.setState((s) => ({
    balanceHistory: keepFirst(record, s.balanceHistory, BUFFER_LIMITS.balanceHistory),
  }));
}

/** Adds a notification unless one with the same id is already kept; returns whether it was new. */
export function addNotification(notification: Omit<RealtimeNotification, 'read'>): boolean {
  if (realtimeBuffers.getState().notifications.some((n) => n.id === notification.id)) return false;
  realtimeBuffers.setState((s) => ({
    notifications: keepFirst({ ...notification, read: false }, s.notifications, BUFFER_LIMITS.notifications),
  }));
  return true;
}

export function markNotificationRead(id: string): void {
  realtimeBuffers.setState((s) => ({
    notifications: s.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
  }));
}

export function markAllNotificationsRead(): void {
  realtimeBuffers.setState((s) => ({ notifications: s.notifications.map((n) => ({ ...n, read: true })) }));
}

export function recordEvent(event: ReceivedEvent): void {
  realtimeBuffers.setState((s) => ({ events: keepFirst(event, s.events, EVENT_FEED_LIMIT) }));
}

export function clearEventFeed(): void {
  realtimeBuffers.setState({ events: [] });
}

/** Logout: the member's balance changes and notifications must not outlive the session. */
export function clearMemberBuffers(): void {
  realtimeBuffers.setState((s) => ({
    balanceHistory: [],
    notifications: [],
    events: s.events.filter((e) => e.scope === 'public'),
  }));
}
