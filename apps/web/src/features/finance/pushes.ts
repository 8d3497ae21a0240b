import { REALTIME_EVENTS } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribePrivate } from '@/lib/realtime/index.ts';
import { financeKeys } from './queries.ts';

/** Ledger entry types that deposits and withdrawals write. */
const FINANCE_TYPES = new Set(['deposit', 'withdraw_freeze', 'withdraw_unfreeze', 'withdraw_paid']);

/**
 * Refreshes the finance lists and figures when a deposit is credited or a withdrawal is decided:
 * on the ledger's `balance.changed` of a finance type, and on the `notification` the operator's
 * decision sends (a payout moves only the frozen wallet, which `balance.changed` does not carry).
 */
export function useFinancePushes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: financeKeys.all });
    const offBalance = subscribePrivate(REALTIME_EVENTS.balanceChanged, (data) => {
      const type = (data as { change_type?: unknown } | null)?.change_type;
      if (typeof type === 'string' && FINANCE_TYPES.has(type)) refresh();
    });
    const offNotification = subscribePrivate(REALTIME_EVENTS.notification, refresh);
    return () => {
      offBalance();
      offNotification();
    };
  }, [queryClient]);
}
