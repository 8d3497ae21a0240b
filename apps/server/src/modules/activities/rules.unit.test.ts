import { describe, expect, it } from 'vitest';
import {
  activityParams,
  decide,
  firstDepositBonus,
  periodOf,
  shanghaiDay,
  shanghaiWeek,
  turnoverTier,
} from './rules.ts';

const window = { startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') };
const firstDeposit = activityParams('first_deposit', { percent: 100, capFen: 88_800, minDepositFen: 10_000 });
const turnover = activityParams('turnover', {
  tiers: [
    { thresholdFen: 100_000, bonusFen: 1_800 },
    { thresholdFen: 500_000, bonusFen: 5_800 },
  ],
});

describe('Asia/Shanghai periods', () => {
  it('changes the check-in day at 16:00 UTC (midnight in Shanghai)', () => {
    expect(shanghaiDay(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(shanghaiDay(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
    expect(periodOf('daily_checkin', new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
  });

  it('starts the week on Monday 00:00 Shanghai time', () => {
    // 2026-11-22 is a Sunday; Monday 2026-11-23 00:00 Shanghai is 2026-11-22T16:00Z.
    const sunday = shanghaiWeek(new Date('2026-11-22T15:00:00Z'));
    expect(sunday.key).toBe('week-2026-11-16');
    expect(sunday.start.toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(sunday.end.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(shanghaiWeek(new Date('2026-11-22T16:00:00Z')).key).toBe('week-2026-11-23');
    expect(periodOf('first_deposit', new Date('2026-11-22T16:00:00Z'))).toBe('once');
  });
});

describe('bonus rules', () => {
  it('pays a percentage of the first deposit, capped', () => {
    if (firstDeposit.rule !== 'first_deposit') throw new Error('rule');
    expect(firstDepositBonus(firstDeposit.params, 50_000n)).toBe(50_000n);
    expect(firstDepositBonus(firstDeposit.params, 200_000n)).toBe(88_800n);
  });

  it('picks the highest turnover tier reached', () => {
    if (turnover.rule !== 'turnover') throw new Error('rule');
    expect(turnoverTier(turnover.params, 99_999n)).toBeUndefined();
    expect(turnoverTier(turnover.params, 100_000n)?.bonusFen).toBe(1_800);
    expect(turnoverTier(turnover.params, 9_000_000n)?.bonusFen).toBe(5_800);
  });

  it('explains in Chinese why a first-deposit application is refused', () => {
    expect(decide(firstDeposit, window, {})).toMatchObject({
      eligible: false,
      reason: '您还没有充值记录，完成首次充值后即可申请',
    });
    expect(
      decide(firstDeposit, window, {
        firstDeposit: { amount: 50_000n, at: new Date('2026-10-31T23:59:59Z') },
      }),
    ).toMatchObject({
      eligible: false,
      reason: '您的首次充值不在活动时间内，无法参加本活动',
    });
    expect(
      decide(firstDeposit, window, {
        firstDeposit: { amount: 5_000n, at: new Date('2026-11-02T00:00:00Z') },
      }),
    ).toMatchObject({
      eligible: false,
      reason: '首次充值须满 100.00 元，您的首充为 50.00 元',
    });
    expect(
      decide(firstDeposit, window, {
        firstDeposit: { amount: 30_000n, at: new Date('2026-11-02T00:00:00Z') },
      }),
    ).toEqual({
      eligible: true,
      amount: 30_000n,
      basis: 30_000n,
      reason: '首充 300.00 元，可获赠 300.00 元',
    });
  });

  it('refuses turnover below the first tier with the figures', () => {
    expect(decide(turnover, window, { weekValidBets: 12_345n })).toMatchObject({
      eligible: false,
      reason: '本周有效投注 123.45 元，满 1,000.00 元 即可申请',
    });
    expect(decide(turnover, window, { weekValidBets: 600_000n })).toMatchObject({
      eligible: true,
      amount: 5_800n,
    });
  });

  it('refuses parameters that do not fit the rule', () => {
    expect(() => activityParams('daily_checkin', { amountFen: -1 })).toThrow();
    expect(() => activityParams('turnover', { tiers: [] })).toThrow();
  });
});
