import { REALTIME_EVENTS, TOAST_MS } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribePrivate } from '@/lib/realtime/index.ts';
import { toast } from '@/lib/toast.tsx';
import { yuan } from '@/ui/Money.tsx';
import { freeBetKeys } from '../free-bets/queries.ts';
import { mineKeys } from '../mine/queries.ts';
import { AFTER_BALANCE_PUSH_MS } from './cash-out.ts';
import { orderKeys, useSetBalance } from './queries.ts';

/**
 * Ledger entry types that only settlement writes: a payout or a refund means an order just settled,
 * a settlement correction that a settled order changed its outcome (a match resettled or voided).
 */
const SETTLEMENT_TYPES = new Set(['payout', 'bet_refund', 'settle_correction']);

function balanceOf(data: unknown): string | null {
  const balance = (data as { balance?: unknown } | null)?.balance;
  return typeof balance === 'string' && /^-?\d+\.\d{2}$/.test(balance) ? balance : null;
}

/**
 * The member's private pushes that concern bets: `order.settled` refreshes orders and the balance,
 * `order.confirmed` (an in-play order decided after its bet delay) the orders, `cash_out.decided`
 * (an in-play 提前结算 decided after its delay) the orders with a toast of the outcome;
 * `balance.changed` shows the new balance at once, and a payout or refund in it refreshes orders
 * too (a winning order is visible at once even where `order.settled` is not sent). Polling in the
 * queries covers a dead socket and losing orders.
 */
export function useOrderPushes(): void {
  const queryClient = useQueryClient();
  const setBalance = useSetBalance();
  useEffect(() => {
    const offSettled = subscribePrivate(REALTIME_EVENTS.orderSettled, () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
      // A ticket's order settled: its winnings (or the ticket given back on a refund) show.
      void queryClient.invalidateQueries({ queryKey: freeBetKeys.all });
    });
    // An in-play order left its bet delay: accepted (待开奖) or refused and refunded (投注被拒).
    const offConfirmed = subscribePrivate(REALTIME_EVENTS.orderConfirmed, () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    });
    // An in-play 提前结算 left its bet delay: paid (the order closed, or its rest still open) or refused.
    const offCashOut = subscribePrivate(REALTIME_EVENTS.cashOutDecided, (data) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      const event = data as { status?: unknown; amount?: unknown; reason?: unknown } | null;
      if (event?.status === 'refused') {
        toast.error(`提前结算未成功：${typeof event.reason === 'string' ? event.reason : '请重试'}`);
      } else if (typeof event?.amount === 'string') {
        const said = `已提前结算，${yuan(event.amount)}元已到账`;
        setTimeout(() => toast.success(said, TOAST_MS.balance), AFTER_BALANCE_PUSH_MS);
      }
    });
    const offBalance = subscribePrivate(REALTIME_EVENTS.balanceChanged, (data) => {
      const balance = balanceOf(data);
      if (balance !== null) setBalance(balance);
      const type = (data as { change_type?: unknown } | null)?.change_type;
      if (typeof type === 'string' && SETTLEMENT_TYPES.has(type)) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }
    });
    return () => {
      offSettled();
      offConfirmed();
      offCashOut();
      offBalance();
    };
  }, [queryClient, setBalance]);
}
