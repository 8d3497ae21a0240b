// @vitest-environment happy-dom
import type { BalanceChangedEvent, UserInfo } from '@app/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { mineKeys, type BalanceInfo } from '../mine/queries.ts';
import { sessionKeys } from '../session/queries.ts';
import { useSessionStore } from '../session/store.ts';
import { applyMoneyFigures } from './cache-sync.ts';
import { figuresOfBalanceEvent, signedAmount } from './live-updates.ts';

const user = { id: 1, username: 'demo', balance: '10000.00', frozen_balance: '0.00' } as UserInfo;
const event = (changes: Partial<BalanceChangedEvent>): BalanceChangedEvent => ({
  balance: '10123.45',
  change_amount: '123.45',
  change_type: 'deposit',
  change_type_text: '充值到账',
  wallet: 'main',
  wallet_balance: '10123.45',
  timestamp: 1,
  codingvolume: '123.45',
  paysum: '123.45',
  totalgame: '0.00',
  ...changes,
});

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: 't', userinfo: user });
});

describe('live balance (issue 3: every balance on screen updates)', () => {
  it('writes a balance event into the balance query, the /v1/me query and the session', () => {
    const client = new QueryClient();
    client.setQueryData<BalanceInfo>(mineKeys.balance(), {
      balance: '10000.00',
      frozen_balance: '0.00',
      lottery_balance: '0.00',
      codingvolume: '0.00',
      paysum: '0.00',
      totalgame: '0.00',
      total_withdraw: '0.00',
      updated_at: '',
    });
    client.setQueryData<UserInfo>(sessionKeys.me(), user);
    applyMoneyFigures(client, figuresOfBalanceEvent(event({})));
    expect(client.getQueryData<BalanceInfo>(mineKeys.balance())).toMatchObject({
      balance: '10123.45',
      paysum: '123.45',
      total_withdraw: '0.00',
    });
    expect(client.getQueryData<UserInfo>(sessionKeys.me())?.balance).toBe('10123.45');
    expect(useSessionStore.getState().userinfo?.balance).toBe('10123.45');
  });

  it('a frozen-wallet change moves the frozen balance, not only the main one', () => {
    const figures = figuresOfBalanceEvent(
      event({ wallet: 'frozen', wallet_balance: '50.00', balance: '9950.00' }),
    );
    expect(figures).toMatchObject({ balance: '9950.00', frozen_balance: '50.00' });
    expect(figures.lottery_balance).toBeUndefined();
  });

  it('does not create cache entries that were never loaded', () => {
    const client = new QueryClient();
    applyMoneyFigures(client, { balance: '1.00' });
    expect(client.getQueryData(mineKeys.balance())).toBeUndefined();
    expect(useSessionStore.getState().userinfo?.balance).toBe('1.00');
  });

  it('shows the sign of an amount', () => {
    expect(signedAmount('100.00')).toBe('+100.00');
    expect(signedAmount('-20.00')).toBe('-20.00');
    expect(signedAmount('12345.60')).toBe('+12,345.60');
  });
});
