import { describe, expect, it } from 'vitest';
import {
  autoCopyMultiple,
  autoCopyRefusal,
  followCommission,
  publisherRecord,
  type PostResult,
} from './follow.ts';

describe('跟单 commission', () => {
  it('takes the rate of the winnings only: 100元 staked, 380元 paid, 5 % → 14.00元', () => {
    expect(followCommission(38_000n, 10_000n, 500)).toBe(1_400n);
  });

  it('rounds down to the 分: 2元 staked, 5.55元 paid, 8 % of 3.55元 → 0.28元', () => {
    expect(followCommission(555n, 200n, 800)).toBe(28n);
  });

  it('nothing on a loss, a refund or a break-even, nor at 0 %', () => {
    expect(followCommission(0n, 10_000n, 500)).toBe(0n);
    expect(followCommission(10_000n, 10_000n, 500)).toBe(0n);
    expect(followCommission(9_000n, 10_000n, 500)).toBe(0n);
    expect(followCommission(38_000n, 10_000n, 0)).toBe(0n);
  });

  it('refuses a rate outside 0–8 %', () => {
    for (const bad of [-1, 801, 1.5]) expect(() => followCommission(1n, 0n, bad)).toThrow(RangeError);
  });
});

describe('战绩', () => {
  const day = 86_400_000;
  const now = 100 * day;
  const post = (
    status: PostResult['status'],
    daysAgo: number | null,
    stake = 1_000n,
    payout = 0n,
    copies = 0,
  ) => ({
    status,
    stakeFen: stake,
    payoutFen: payout,
    decidedAt: daysAgo === null ? null : now - daysAgo * day,
    copies,
  });

  it('7 days: 2 of 3 decided won (67 %), returned +40 %, a streak of 2 and 5 copies; older ones left out', () => {
    const posts = [
      post('won', 1, 1_000n, 2_500n, 3),
      post('won', 2, 1_000n, 1_700n, 2),
      post('lost', 3, 1_000n),
      post('won', 20, 1_000n, 9_000n, 7),
      post('pending', null, 1_000n, 0n, 0),
    ];
    expect(publisherRecord(posts, now - 7 * day)).toEqual({
      decided: 3,
      won: 2,
      hitRate: 67,
      returnRate: 40,
      streak: 2,
      copiers: 5,
    });
    expect(publisherRecord(posts, now - 30 * day)).toMatchObject({
      decided: 4,
      won: 3,
      hitRate: 75,
      copiers: 12,
    });
  });

  it('a refund breaks no streak and counts in no rate; nothing decided has no rates', () => {
    expect(
      publisherRecord([post('won', 1, 1_000n, 2_000n), post('other', 2), post('won', 3, 1_000n, 2_000n)], 0),
    ).toMatchObject({
      decided: 2,
      streak: 2,
      returnRate: 100,
    });
    expect(publisherRecord([post('pending', null)], 0)).toEqual({
      decided: 0,
      won: 0,
      hitRate: null,
      returnRate: null,
      streak: 0,
      copiers: 0,
    });
  });
});

describe('定制跟单', () => {
  it('sizes each copy by a fixed multiple or a share of the publisher’s', () => {
    expect(autoCopyMultiple('multiple', 3, 10)).toBe(3);
    expect(autoCopyMultiple('percent', 50, 5)).toBe(3); // 2.5 → 3 (half up)
    expect(autoCopyMultiple('percent', 10, 4)).toBe(1); // 0.4 → at least ×1
    expect(autoCopyMultiple('percent', 300, 50)).toBe(99); // 150 → at most ×99
  });

  it('stops at the loss limit, then keeps to the daily cap', () => {
    const base = { stakeFen: 1_000n, stakedTodayFen: 0n, dailyCapFen: 5_000n, netFen: 0n, stopLossFen: null };
    expect(autoCopyRefusal(base)).toBeNull();
    expect(autoCopyRefusal({ ...base, stakedTodayFen: 4_000n })).toBeNull(); // exactly the cap
    expect(autoCopyRefusal({ ...base, stakedTodayFen: 4_001n })).toBe('daily_cap');
    expect(autoCopyRefusal({ ...base, netFen: -3_000n, stopLossFen: 3_000n })).toBe('stop_loss');
    expect(autoCopyRefusal({ ...base, netFen: -2_999n, stopLossFen: 3_000n })).toBeNull();
    expect(autoCopyRefusal({ ...base, netFen: 10_000n, stopLossFen: 1n })).toBeNull();
  });
});
