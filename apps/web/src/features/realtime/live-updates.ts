import {
  balanceChangedEvent,
  fenFromDecimal,
  notificationEvent,
  REALTIME_EVENTS,
  userInfoChangedEvent,
  type BalanceChangedEvent,
} from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { connectionLog } from '../../lib/logger.ts';
import {
  addNotification,
  balanceRecordOf,
  clearMemberBuffers,
  realtime,
  recordBalanceChange,
  subscribePrivate,
} from '../../lib/realtime/index.ts';
import { toast } from '../../lib/toast.tsx';
import { mineKeys } from '../mine/queries.ts';
import { onBeforeLogout } from '../session/logout.ts';
import { fetchMe, sessionKeys } from '../session/queries.ts';
import { onSessionCleared, useSessionStore } from '../session/store.ts';
import { applyMoneyFigures, figuresOfUser, type MoneyFigures } from './cache-sync.ts';
import { onMessagePushed } from '../messages/unread.ts';
import { yuan } from '@/ui/Money.tsx';

/** order.settled payload: {order_id, order_no, status, payout, timestamp}. */
interface OrderSettled {
  order_id: number;
  order_no: string;
  status: string;
  payout: string;
  timestamp: number;
}

function isOrderSettled(data: unknown): data is OrderSettled {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.order_no === 'string' && typeof d.status === 'string' && typeof d.payout === 'string';
}

/** "+100.00" / "-2,000.00": the sign always shows, the amount as every page shows it. */
export function signedAmount(amount: string): string {
  return yuan(amount.startsWith('-') ? amount : `+${amount}`);
}

function invalid(event: string, data: unknown): void {
  connectionLog.add('error', `收到格式不正确的 ${event} 事件，已忽略`, { data });
}

/** The figures a balance event changes: the main balance always, the wallet that moved, the totals. */
export function figuresOfBalanceEvent(event: BalanceChangedEvent): MoneyFigures {
  const figures: MoneyFigures = {
    balance: event.balance,
    codingvolume: event.codingvolume,
    paysum: event.paysum,
    totalgame: event.totalgame,
  };
  if (event.wallet === 'frozen') figures.frozen_balance = event.wallet_balance;
  if (event.wallet === 'lottery') figures.lottery_balance = event.wallet_balance;
  return figures;
}

function refreshUserInfo(queryClient: QueryClient): void {
  queryClient
    .fetchQuery({ queryKey: sessionKeys.me(), queryFn: ({ signal }) => fetchMe(signal), staleTime: 0 })
    .catch(() => undefined);
}

/**
 * Connects the realtime manager to the app (SPEC.md §4): it follows the session (user id +
 * token), and its events keep every balance on screen current — the caches are written in
 * place, nothing is refetched. Returns the stopper.
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  const stops: Array<() => void> = [];

  // Polling fallback: user info every 30 s while the socket is down.
  realtime.setPoller(async () => {
    const me = await fetchMe();
    queryClient.setQueryData(sessionKeys.me(), me);
    applyMoneyFigures(queryClient, figuresOfUser(me));
  });
  stops.push(() => realtime.setPoller(null));

  const follow = (state: ReturnType<typeof useSessionStore.getState>) => {
    const { token, userinfo } = state;
    realtime.setSession(token && userinfo ? { userId: userinfo.id, token } : null);
  };
  follow(useSessionStore.getState());
  stops.push(useSessionStore.subscribe(follow));
  stops.push(onSessionCleared(clearMemberBuffers));
  stops.push(onBeforeLogout(() => realtime.announceOffline()));

  stops.push(
    subscribePrivate(REALTIME_EVENTS.balanceChanged, (data) => {
      const parsed = balanceChangedEvent.safeParse(data);
      if (!parsed.success) return invalid(REALTIME_EVENTS.balanceChanged, data);
      const event = parsed.data;
      applyMoneyFigures(queryClient, figuresOfBalanceEvent(event));
      if (event.wallet !== 'main' || fenFromDecimal(event.change_amount) === 0n) return;
      recordBalanceChange(balanceRecordOf(event));
      toast.balance(signedAmount(event.change_amount), `余额变动 · ${event.change_type_text}`);
    }),
    subscribePrivate(REALTIME_EVENTS.userInfoChanged, (data) => {
      const parsed = userInfoChangedEvent.safeParse(data);
      if (!parsed.success) return invalid(REALTIME_EVENTS.userInfoChanged, data);
      const { balance, codingvolume, paysum, totalgame } = parsed.data;
      applyMoneyFigures(queryClient, { balance, codingvolume, paysum, totalgame });
      refreshUserInfo(queryClient);
      // Deposits and bets move the VIP progress.
      void queryClient.invalidateQueries({ queryKey: mineKeys.vip() });
    }),
    subscribePrivate(REALTIME_EVENTS.orderSettled, (data) => {
      if (!isOrderSettled(data)) return invalid(REALTIME_EVENTS.orderSettled, data);
      let payout = 0n;
      try {
        payout = fenFromDecimal(data.payout);
      } catch {
        return invalid(REALTIME_EVENTS.orderSettled, data);
      }
      // A win also arrives as an inbox message (`notification`), which is what the member sees.
      if (payout <= 0n || data.status === 'won') return;
      const title = data.status === 'refunded' ? '注单退款' : '恭喜中奖';
      const text = `注单 ${data.order_no} ${data.status === 'refunded' ? '退款' : '派奖'} ${yuan(data.payout)} 元`;
      addNotification({
        id: `order-${data.order_no}`,
        title,
        message: text,
        type: 'order.settled',
        timestamp: data.timestamp,
      });
      toast.notification(title, text);
    }),
    subscribePrivate(REALTIME_EVENTS.notification, (data) => {
      const parsed = notificationEvent.safeParse(data);
      if (!parsed.success) return invalid(REALTIME_EVENTS.notification, data);
      const { id, title, message, type, timestamp } = parsed.data;
      onMessagePushed(queryClient, parsed.data.unread_count);
      if (addNotification({ id, title, message, type, timestamp })) toast.notification(title, message);
    }),
    // One of this member's sessions was revoked (password change, logout elsewhere): if it is
    // ours, the check answers 401 and the API client ends the session.
    subscribePrivate(REALTIME_EVENTS.sessionRevoked, () => refreshUserInfo(queryClient)),
  );

  // The network coming back is handled in lib/realtime/index.ts: a visitor's socket needs it too.
  const onVisibility = () => realtime.handleVisibility(document.visibilityState === 'visible');
  document.addEventListener('visibilitychange', onVisibility);
  stops.push(() => document.removeEventListener('visibilitychange', onVisibility));

  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}
