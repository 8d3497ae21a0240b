import { currentPeriod, findLottery } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHASE, periodNumbersFrom, planFor, slipLeastWinFen, slipStakeFen } from './model.ts';

const line = {
  id: 'a',
  playCode: 'k3_hz',
  playName: '和值',
  codes: '10',
  items: 1,
  multiple: 1,
  unit: 'yuan' as const,
  amountFen: 200n,
};

describe('追号 sheet model', () => {
  it('prices the slip and plans it: 同倍 ten periods of 2元, 翻倍 by rate', () => {
    expect(slipStakeFen([line, { ...line, amountFen: 400n }])).toBe(600n);
    const prize = slipLeastWinFen('k3_1m', [line], 0);
    expect(prize).toBeGreaterThan(200n);
    const same = planFor(DEFAULT_CHASE, 200n, prize);
    expect(same.ok && same.plan.map((p) => p.multiple)).toEqual(Array.from({ length: 10 }, () => 1));
    const profit = planFor({ ...DEFAULT_CHASE, mode: 'profit', minProfitPct: 50 }, 200n, prize);
    if (!profit.ok) throw new Error(profit.message);
    for (const p of profit.plan) expect(p.profitFen * 100n).toBeGreaterThanOrEqual(p.spentFen * 50n);
  });

  it('numbers the periods from the first by the lottery’s schedule', () => {
    const first = currentPeriod(findLottery('k3_1m')!, Date.UTC(2026, 10, 30, 4, 0)).number;
    const three = periodNumbersFrom('k3_1m', first, 3);
    expect(three).toHaveLength(3);
    expect(three[0]).toBe(first);
    expect(Number(three[2]) - Number(three[0])).toBe(2);
    expect(periodNumbersFrom('k3_1m', 'not-a-period', 3)).toEqual([]);
  });
});
