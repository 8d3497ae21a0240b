import { describe, expect, it } from 'vitest';
import {
  CHASE_MAX_PERIODS,
  CHASE_MESSAGES,
  chaseMultiplesProblem,
  chasePlan,
  chaseStops,
  chaseTotalFen,
  profitRatePlan,
  sameMultiplePlan,
} from './chase.ts';

describe('追号 plans', () => {
  it('同倍: five periods of a 2元 slip ×3 cost 30元, each row summing what went in', () => {
    const result = sameMultiplePlan(5, 3, 200n, 1_960n);
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.map((p) => p.amountFen)).toEqual([600n, 600n, 600n, 600n, 600n]);
    expect(result.plan.map((p) => p.spentFen)).toEqual([600n, 1_200n, 1_800n, 2_400n, 3_000n]);
    // A win in period 5 pays 58.80元 and leaves 28.80元 over the 30元 staked.
    expect(result.plan[4]).toMatchObject({ prizeFen: 5_880n, profitFen: 2_880n });
    expect(chaseTotalFen([3, 3, 3, 3, 3], 200n)).toBe(3_000n);
  });

  it('翻倍 at 30 %: a 2元 slip paying 19.60元 stays ×1 for seven periods, then ×2, then ×3 (worked by hand)', () => {
    const result = profitRatePlan({
      periods: 12,
      startMultiple: 1,
      minProfitPct: 30,
      stakeFen: 200n,
      prizeFen: 1_960n,
    });
    if (!result.ok) throw new Error(result.message);
    // Period 8: ×1 would pay 19.60元 on 16元 staked (22.5 %); ×2 pays 39.20元 on 18元.
    expect(result.plan.map((p) => p.multiple)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
    expect(result.plan[7]).toMatchObject({
      amountFen: 400n,
      spentFen: 1_800n,
      prizeFen: 3_920n,
      profitFen: 2_120n,
    });
  });

  it('翻倍: every period keeps the rate, and one multiple less would not (the least that does)', () => {
    const result = profitRatePlan({
      periods: 40,
      startMultiple: 2,
      minProfitPct: 50,
      stakeFen: 400n,
      prizeFen: 3_880n,
    });
    if (!result.ok) throw new Error(result.message);
    let before = 0n;
    for (const p of result.plan) {
      expect(p.profitFen * 100n).toBeGreaterThanOrEqual(p.spentFen * 50n);
      if (p.multiple > 2) {
        const less = BigInt(p.multiple - 1);
        expect((3_880n * less - before - 400n * less) * 100n).toBeLessThan((before + 400n * less) * 50n);
      }
      before = p.spentFen;
    }
    expect(result.plan.map((p) => p.multiple)).toEqual(
      [...result.plan.map((p) => p.multiple)].sort((a, b) => a - b),
    );
  });

  it('refuses a rate a win cannot reach, a period needing more than the largest multiple, and bad input', () => {
    // 1.90 odds on 2元: a win returns 3.80元, never 200 % of the stake.
    expect(
      profitRatePlan({ periods: 3, startMultiple: 1, minProfitPct: 100, stakeFen: 200n, prizeFen: 380n }),
    ).toEqual({
      ok: false,
      message: CHASE_MESSAGES.rateTooHigh,
    });
    const long = profitRatePlan({
      periods: 120,
      startMultiple: 1,
      minProfitPct: 10,
      stakeFen: 200n,
      prizeFen: 400n,
    });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.message).toMatch(/^第\d+期所需倍数超过9999倍/);
    expect(
      profitRatePlan({ periods: 0, startMultiple: 1, minProfitPct: 10, stakeFen: 200n, prizeFen: 1_960n }),
    ).toEqual({
      ok: false,
      message: CHASE_MESSAGES.periods,
    });
    expect(chaseMultiplesProblem(Array.from({ length: CHASE_MAX_PERIODS + 1 }, () => 1))).toBe(
      CHASE_MESSAGES.periods,
    );
    expect(chaseMultiplesProblem([1, 0])).toBe(CHASE_MESSAGES.multiple);
    expect(chaseMultiplesProblem([1, 1.5])).toBe(CHASE_MESSAGES.multiple);
    expect(chaseMultiplesProblem([1, 10_000])).toBe(CHASE_MESSAGES.multiple);
    expect(chaseMultiplesProblem([1, 2, 4])).toBeNull();
    expect(chasePlan([], 200n, 1_960n)).toEqual([]);
  });

  it('stops after any win, or after a win paying more than the amount; never on a loss', () => {
    expect(chaseStops('any_win', null, 1n)).toBe(true);
    expect(chaseStops('any_win', null, 0n)).toBe(false);
    expect(chaseStops('win_over', 10_000n, 10_000n)).toBe(false);
    expect(chaseStops('win_over', 10_000n, 10_001n)).toBe(true);
    expect(chaseStops('none', null, 1_000_000n)).toBe(false);
  });
});
