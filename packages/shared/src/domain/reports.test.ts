import { describe, expect, it } from 'vitest';
import { categoryOfReference, comprehensiveFigures } from './reports.ts';

const none = { bets: 0n, payouts: 0n, profit: 0n };

describe('comprehensive figures', () => {
  it('folds ledger sums by type, with the member profit', () => {
    const f = comprehensiveFigures([
      { type: 'deposit', total: 100_000n },
      { type: 'withdraw_paid', total: -30_000n },
      { type: 'withdraw_freeze', total: 0n },
      { type: 'bet', referenceType: 'order', total: -20_000n },
      { type: 'bet_refund', referenceType: 'order', total: 2_000n },
      { type: 'payout', referenceType: 'order', total: 25_000n },
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
      categories: {
        sports: { bets: 18_000n, payouts: 25_000n, profit: 7_000n },
        lottery: none,
        games: none,
        other: none,
      },
    });
  });

  it('counts game rounds as bets and payouts, never the game wallet transfers', () => {
    const f = comprehensiveFigures(
      [
        { type: 'deposit', total: 50_000n },
        { type: 'bet', referenceType: 'lottery_bet', total: -1_000n },
        { type: 'bet_refund', referenceType: 'lottery_bet', total: 200n },
        { type: 'payout', referenceType: 'lottery_period', total: 1_950n },
        { type: 'bet', referenceType: 'order', total: -3_000n },
        { type: 'game_in', total: -40_000n },
        { type: 'game_refund', total: 5_000n },
        { type: 'game_out', total: 12_345n },
      ],
      { bets: 30_000n, payouts: 17_345n },
    );
    expect(f.bets).toBe(800n + 3_000n + 30_000n);
    expect(f.payouts).toBe(1_950n + 17_345n);
    expect(f.profit).toBe(f.payouts - f.bets);
    expect(f.deposits).toBe(50_000n);
    expect(f.adjustments).toBe(0n);
    expect(f.categories).toEqual({
      sports: { bets: 3_000n, payouts: 0n, profit: -3_000n },
      lottery: { bets: 800n, payouts: 1_950n, profit: 1_150n },
      games: { bets: 30_000n, payouts: 17_345n, profit: -12_655n },
      other: none,
    });
    const cats = Object.values(f.categories);
    expect(cats.reduce((a, c) => a + c.bets, 0n)).toBe(f.bets);
    expect(cats.reduce((a, c) => a + c.payouts, 0n)).toBe(f.payouts);
  });

  it('names the category of a ledger bet by its reference', () => {
    expect(categoryOfReference('order')).toBe('sports');
    expect(categoryOfReference('lottery_bet')).toBe('lottery');
    expect(categoryOfReference('lottery_period')).toBe('lottery');
    expect(categoryOfReference(null)).toBe('other');
    expect(categoryOfReference('race')).toBe('other');
  });
});
