import { describe, expect, it } from 'vitest';
import { comprehensiveFigures } from './reports.ts';

describe('comprehensive figures', () => {
  it('folds ledger sums by type, with the member profit', () => {
    const f = comprehensiveFigures([
      { type: 'deposit', total: 100_000n },
      { type: 'withdraw_paid', total: -30_000n },
      { type: 'withdraw_freeze', total: 0n },
      { type: 'bet', total: -20_000n },
      { type: 'bet_refund', total: 2_000n },
      { type: 'payout', total: 25_000n },
      { type: 'rebate', total: 54n },
      { type: 'vip_bonus', total: 1_800n },
      { type: 'bonus', total: 500n },
      { type: 'transfer_out', total: 0n },
    ]);
    expect(f).toEqual({
      deposits: 100_000n,
      withdrawals: 30_000n,
      bets: 18_000n,
      payouts: 25_000n,
      rebates: 54n,
      bonuses: 2_300n,
      adjustments: 0n,
      profit: 25_000n + 54n + 2_300n - 18_000n,
    });
  });
});
