import type { BalanceChangedEvent } from '@app/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addNotification,
  balanceRecordOf,
  clearMemberBuffers,
  EVENT_FEED_LIMIT,
  markAllNotificationsRead,
  markNotificationRead,
  realtimeBuffers,
  recordBalanceChange,
  recordEvent,
} from './buffers.ts';

const balanceEvent = (amount: string, after: string, timestamp = 1): BalanceChangedEvent => ({
  balance: after,
  change_amount: amount,
  change_type: 'deposit',
  change_type_text: '充值到账',
  wallet: 'main',
  wallet_balance: after,
  timestamp,
  codingvolume: '0.00',
  paysum: '0.00',
  totalgame: '0.00',
});

beforeEach(() => {
  realtimeBuffers.setState({ balanceHistory: [], notifications: [], events: [] });
});

describe('realtime buffers (SPEC.md §3, §9)', () => {
  it('a balance record has amount, type, timestamp, before and after (computed in 分)', () => {
    expect(balanceRecordOf(balanceEvent('123.45', '10123.45', 5))).toEqual({
      amount: '123.45',
      type: 'deposit',
      typeText: '充值到账',
      timestamp: 5,
      before: '10000.00',
      after: '10123.45',
    });
    expect(balanceRecordOf(balanceEvent('-0.10', '0.00')).before).toBe('0.10');
  });

  it('keeps the latest 10 balance changes, newest first', () => {
    for (let i = 1; i <= 12; i++) recordBalanceChange(balanceRecordOf(balanceEvent('1.00', `${i}.00`, i)));
    const history = realtimeBuffers.getState().balanceHistory;
    expect(history).toHaveLength(10);
    expect(history[0]?.timestamp).toBe(12);
    expect(history.at(-1)?.timestamp).toBe(3);
  });

  it('keeps the latest 20 notifications, unread at first, without duplicates', () => {
    for (let i = 1; i <= 22; i++) {
      addNotification({ id: `n${i}`, title: 't', message: 'm', type: 'system', timestamp: i });
    }
    expect(addNotification({ id: 'n22', title: 't', message: 'm', type: 'system', timestamp: 99 })).toBe(
      false,
    );
    const list = realtimeBuffers.getState().notifications;
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ id: 'n22', read: false });
    markNotificationRead('n22');
    expect(realtimeBuffers.getState().notifications[0]?.read).toBe(true);
    expect(realtimeBuffers.getState().notifications[1]?.read).toBe(false);
    markAllNotificationsRead();
    expect(realtimeBuffers.getState().notifications.every((n) => n.read)).toBe(true);
  });

  it('keeps a bounded event feed and forgets the member’s data on logout', () => {
    for (let i = 0; i < EVENT_FEED_LIMIT + 5; i++) {
      recordEvent({
        id: i,
        receivedAt: i,
        channel: i % 2 ? 'private-user.1' : 'matches.live',
        scope: i % 2 ? 'private' : 'public',
        event: 'e',
        data: null,
      });
    }
    expect(realtimeBuffers.getState().events).toHaveLength(EVENT_FEED_LIMIT);
    recordBalanceChange(balanceRecordOf(balanceEvent('1.00', '1.00')));
    addNotification({ id: 'x', title: 't', message: 'm', type: 's', timestamp: 1 });
    clearMemberBuffers();
    const state = realtimeBuffers.getState();
    expect(state.balanceHistory).toEqual([]);
    expect(state.notifications).toEqual([]);
    expect(state.events.every((e) => e.scope === 'public')).toBe(true);
    expect(state.events.length).toBeGreaterThan(0);
  });
});
