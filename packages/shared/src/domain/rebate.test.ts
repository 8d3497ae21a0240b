import { describe, expect, it } from 'vitest';
import { groupRebatableBets, rebateAmount, rebateRateBp, type RebatableBet } from './rebate.ts';

const bet = (
  category: RebatableBet['category'],
  betId: number,
  amount: bigint,
  at: string,
): RebatableBet => ({
  category,
  betId,
  betNo: `N${betId}`,
  amount,
  settledAt: new Date(at),
});

describe('rebates', () => {
  it('takes the rate of the VIP level and category, unknown levels as level 0', () => {
    expect(rebateRateBp(0, 'sports')).toBe(30);
    expect(rebateRateBp(3, 'lottery')).toBe(35);
    expect(rebateRateBp(99, 'games')).toBe(30);
  });

  it('rounds the rebate down to whole 分', () => {
    expect(rebateAmount(10_000n, 30)).toBe(30n);
    expect(rebateAmount(333n, 30)).toBe(0n);
    expect(rebateAmount(3_334n, 30)).toBe(10n);
    expect(rebateAmount(-100n, 30)).toBe(0n);
  });

  it('groups bets per category and Shanghai day of settlement', () => {
    const groups = groupRebatableBets(
      [
        bet('sports', 1, 10_000n, '2026-11-20T15:59:59Z'), // 23:59:59 on the 20th in Shanghai
        bet('sports', 2, 10_000n, '2026-11-20T16:00:00Z'), // 00:00 on the 21st
        bet('sports', 3, 5_000n, '2026-11-21T03:00:00Z'),
        bet('lottery', 4, 20_000n, '2026-11-21T03:00:00Z'),
      ],
      (c) => (c === 'sports' ? 30 : 20),
    );
    expect(groups.map((g) => [g.category, g.day, g.validBet, g.amount, g.bets.map((b) => b.betId)])).toEqual([
      ['sports', '2026-11-20', 10_000n, 30n, [1]],
      ['lottery', '2026-11-21', 20_000n, 40n, [4]],
      ['sports', '2026-11-21', 15_000n, 45n, [2, 3]],
    ]);
  });

  it('leaves out groups whose rebate rounds to nothing', () => {
    expect(groupRebatableBets([bet('sports', 1, 200n, '2026-11-21T03:00:00Z')], () => 30)).toEqual([]);
  });
});
