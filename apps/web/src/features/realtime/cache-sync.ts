import type { UserInfo } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { mineKeys, type BalanceInfo } from '../mine/queries.ts';
import { sessionKeys } from '../session/queries.ts';
import { patchUserInfo } from '../session/store.ts';

/** The money figures a push or a poll may carry (decimal strings). */
export type MoneyFigures = Partial<
  Pick<
    BalanceInfo,
    'balance' | 'frozen_balance' | 'lottery_balance' | 'codingvolume' | 'paysum' | 'totalgame'
  >
>;

/**
 * Writes fresh figures everywhere a balance is shown: the balance query (mine page, home member
 * card), the /v1/me query and the session's user info, so nothing needs a refetch.
 */
export function applyMoneyFigures(queryClient: QueryClient, figures: MoneyFigures): void {
  const defined = Object.fromEntries(
    Object.entries(figures).filter(([, value]) => typeof value === 'string'),
  ) as MoneyFigures;
  if (Object.keys(defined).length === 0) return;
  queryClient.setQueryData<BalanceInfo>(mineKeys.balance(), (old) => (old ? { ...old, ...defined } : old));
  queryClient.setQueryData<UserInfo>(sessionKeys.me(), (old) => (old ? { ...old, ...defined } : old));
  patchUserInfo(defined);
}

/** The money figures of a user info (polling). */
export function figuresOfUser(user: UserInfo): MoneyFigures {
  return {
    balance: user.balance,
    frozen_balance: user.frozen_balance,
    lottery_balance: user.lottery_balance,
    codingvolume: user.codingvolume,
    paysum: user.paysum,
    totalgame: user.totalgame,
  };
}
