/**
 * An optimised (奖金优化) order end to end in the engine: the slip validated with its plan, its
 * maximum prize as the best outcome, and settlement paying each bet at its own multiple.
 */
import { describe, expect, it } from 'vitest';
import { findPassType } from './pass-types.ts';
import { groupSelections, type BetSelection } from './picks.ts';
import { OPTIMISE_MESSAGES, optimisePrize, planMaxPrize, slipBets } from './prize-optimise.ts';
import type { MatchResult } from './results.ts';
import { openMaxPrize, settleCombinations, settleOrder, type PlacedOrder } from './settlement.ts';
import { validateBetSlip } from './validation.ts';

const wdl = (matchId: string, option: string, odds: string): BetSelection => ({
  matchId,
  sport: 'football',
  betType: 'winDrawLose',
  option,
  odds,
});
const ft = (home: number, away: number): MatchResult => ({
  status: 'finished',
  sport: 'football',
  fullTime: { home, away },
  halfTime: { home: 0, away: 0 },
});
const yuan = (n: number) => BigInt(Math.round(n * 100));
const results = (entries: Record<string, MatchResult>) => new Map(Object.entries(entries));

/** 2串1 复式: A 胜 1.50 / 平 3.00, B 胜 2.00 / 负 4.00 — four bets, one of which can win. */
const selections = [
  wdl('A', 'h', '1.50'),
  wdl('A', 'd', '3.00'),
  wdl('B', 'h', '2.00'),
  wdl('B', 'a', '4.00'),
];
const passType = findPassType('2x1');
const grouped = groupSelections(selections);
if (!passType || !grouped.ok) throw new Error('fixture');
const { picks } = grouped;
const plan = [9, 5, 4, 2]; // 平均优化 of 40元 (prize-optimise.test.ts)
const order: PlacedOrder = { passType: '2x1', multiple: 1, selections, multiples: plan };

describe('an optimised slip', () => {
  it('lists its bets in the order the plan follows (A胜B胜, A胜B负, A平B胜, A平B负)', () => {
    expect(slipBets(picks, passType).map((b) => b.odds)).toEqual([
      [150n, 200n],
      [150n, 400n],
      [300n, 200n],
      [300n, 400n],
    ]);
  });

  it('validates with Σ multiples × 2元 as its stake, and the best single outcome as its maximum prize', () => {
    const slip = validateBetSlip({
      sport: 'football',
      mode: 'mixed',
      selections,
      passType: '2x1',
      multiple: 1,
      multiples: plan,
    });
    expect(slip).toMatchObject({ ok: true, betCount: 4, totalStake: yuan(40), multiples: plan });
    if (!slip.ok) return;
    // One bet wins per outcome: the most is A胜B负 at 5 units, 6 × 2 × 5 = 60元 (not 54 + 60 + 48 + 48).
    expect(slip.maxPrize).toBe(yuan(60));
    expect(slip.minPrize).toBe(yuan(48));
  });

  it('refuses a plan that does not fit the slip, a multiple out of range, a single, a total out of range', () => {
    const base = {
      sport: 'football' as const,
      mode: 'mixed' as const,
      selections,
      passType: '2x1',
      multiple: 1,
    };
    expect(validateBetSlip({ ...base, multiples: [9, 5, 4] })).toEqual({
      ok: false,
      message: OPTIMISE_MESSAGES.planMismatch,
    });
    expect(validateBetSlip({ ...base, multiples: [9, 5, 4, 100] })).toEqual({
      ok: false,
      message: '倍数须为1-99的整数',
    });
    expect(validateBetSlip({ ...base, multiples: [9, 5, 4, 0] })).toEqual({
      ok: false,
      message: '倍数须为1-99的整数',
    });
    expect(validateBetSlip({ ...base, multiples: [9, 5, 4, 2], expectedStake: yuan(38) })).toEqual({
      ok: false,
      message: '投注金额已变化，请确认后重新提交',
    });
    expect(
      validateBetSlip({
        sport: 'football',
        mode: 'single',
        selections,
        passType: 'single',
        multiple: 1,
        multiples: [1, 1, 1, 1],
      }),
    ).toEqual({ ok: false, message: OPTIMISE_MESSAGES.mixedOnly });
  });

  it('settles each bet at its own multiple', () => {
    const won = settleOrder(order, results({ A: ft(1, 0), B: ft(0, 2) })); // A胜 B负
    expect(won).toMatchObject({ status: 'won', payout: yuan(60), counts: { total: 4, won: 1, lost: 3 } });
    const bets = [...settleCombinations(order, results({ A: ft(1, 1), B: ft(2, 0) }))]; // A平 B胜
    expect(bets.map((b) => [b.multiple, b.status, b.payout])).toEqual([
      [9, 'lost', 0n],
      [5, 'lost', 0n],
      [4, 'won', yuan(48)],
      [2, 'lost', 0n],
    ]);
    expect(settleOrder(order, results({ A: ft(0, 1), B: ft(1, 0) }))).toMatchObject({
      status: 'lost',
      payout: 0n,
    });
  });

  it('pays a void match at 1.00 on every bet through it', () => {
    // A void, B 胜: A胜B胜 and A平B胜 both pay 2.00 × their units: 9 × 4 + 4 × 4 = 52元.
    const s = settleOrder(order, results({ A: { status: 'void' }, B: ft(1, 0) }));
    expect(s).toMatchObject({ status: 'won', payout: yuan(52) });
  });

  it('keeps the open maximum exact as legs are decided', () => {
    expect(openMaxPrize(order, ['pending', 'pending', 'pending', 'pending'])).toBe(yuan(60));
    // A 平 won: the best left is A平B胜 (48) or A平B负 (48).
    expect(openMaxPrize(order, ['lost', 'won', 'pending', 'pending'])).toBe(yuan(48));
    // A void: A胜B负 + A平B负 = (5 + 2) units × 4.00 × 2元 = 56元 beats B胜's (9 + 4) × 2.00 × 2元 = 52元.
    expect(openMaxPrize(order, ['void', 'void', 'pending', 'pending'])).toBe(yuan(56));
  });

  it('agrees with summing every outcome by hand on a 3串4 plan from the engine', () => {
    const three = [wdl('A', 'h', '1.80'), wdl('B', 'd', '3.10'), wdl('C', 'a', '2.45')];
    const p34 = findPassType('3x4');
    const g = groupSelections(three);
    if (!p34 || !g.ok) throw new Error('fixture');
    const optimised = optimisePrize(slipBets(g.picks, p34), yuan(100), 'average');
    if (!optimised.ok) throw new Error('plan');
    // One option per match: every bet wins together, so the maximum is the sum of every return.
    const all = optimised.returns.reduce((a, b) => a + b, 0n);
    expect(planMaxPrize(g.picks, p34, optimised.multiples)).toBe(all);
    const placed: PlacedOrder = {
      passType: '3x4',
      multiple: 1,
      selections: three,
      multiples: optimised.multiples,
    };
    expect(settleOrder(placed, results({ A: ft(2, 0), B: ft(1, 1), C: ft(0, 3) }))).toMatchObject({
      status: 'won',
      payout: all,
    });
  });
});
