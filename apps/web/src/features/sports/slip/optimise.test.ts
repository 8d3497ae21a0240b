import { describe, expect, it } from 'vitest';
import type { BetSelection, BetSlipState } from '@app/shared';
import { combinedOdds, defaultPlanTotal, planFor, planReturns, planSlip } from './optimise.ts';
import { buildSubmitBody, previewSlip, type SlipChoices } from './preview.ts';

const pick = (matchId: string, option: string, odds: string): BetSelection => ({
  matchId,
  sport: 'football',
  betType: 'winDrawLose',
  option,
  odds,
});

function choices(selectedBets: BetSelection[], passType = '2x1'): SlipChoices {
  const slip = {
    currentSport: 'football',
    currentBetType: 'winDrawLose',
    betMode: 'mixed',
    selectedBets,
  } as BetSlipState;
  return { slip, passType, multiple: 1 };
}

const complex = choices([
  pick('1', 'h', '1.50'),
  pick('1', 'd', '3.00'),
  pick('2', 'h', '2.00'),
  pick('2', 'a', '4.00'),
]);

describe('奖金优化 in the slip', () => {
  it('lists the bets in the order the server reads the plan, with their combined odds', () => {
    const plan = planSlip(complex);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.bets.map((b) => b.legs.map((l) => `${l.matchId}${l.option}`).join('+'))).toEqual([
      '1h+2h',
      '1h+2a',
      '1d+2h',
      '1d+2a',
    ]);
    expect(plan.bets.map(combinedOdds)).toEqual(['3.00', '6.00', '6.00', '12.00']);
  });

  it('plans 40元 by each method and submits the plan with multiple 1', () => {
    const plan = planSlip(complex);
    if (!plan.ok) throw new Error('slip');
    expect(planFor(plan.bets, 4_000n, 'average')).toEqual({
      ok: true,
      multiples: [9, 5, 4, 2],
      fellBack: false,
    });
    expect(planFor(plan.bets, 4_000n, 'cold')).toMatchObject({ multiples: [7, 4, 4, 5] });
    expect(planReturns(plan.bets, [9, 5, 4, 2])).toEqual([5_400n, 6_000n, 4_800n, 4_800n]);
    const valid = previewSlip(complex, [9, 5, 4, 2]);
    if (!valid.ok) throw new Error(valid.message);
    expect(valid).toMatchObject({ totalStake: 4_000n, maxPrize: 6_000n });
    expect(buildSubmitBody(complex, valid)).toMatchObject({
      multiple: 1,
      multiples: [9, 5, 4, 2],
      total_amount: '40.00',
    });
  });

  it('says why a total cannot be planned, and why a slip cannot be optimised', () => {
    const plan = planSlip(complex);
    if (!plan.ok) throw new Error('slip');
    expect(planFor(plan.bets, 600n, 'average')).toEqual({ ok: false, message: '优化金额不足，每注至少2元' });
    expect(planFor(plan.bets, 4_100n, 'average')).toEqual({ ok: false, message: '优化金额须为2元的整数倍' });
    expect(planSlip(choices([pick('1', 'h', '1.50'), pick('2', 'h', '2.00')]))).toEqual({
      ok: false,
      message: '只有1注，无需奖金优化',
    });
  });

  it('starts from the slip’s stake, and at least two units a bet', () => {
    expect(defaultPlanTotal(4, 1)).toBe(1_600n);
    expect(defaultPlanTotal(4, 5)).toBe(4_000n);
  });
});
