import { describe, expect, it } from 'vitest';
import {
  beijingDayStart,
  commissionDaysDue,
  commissionFen,
  commissionRateText,
  INVITE_RULES,
  inviteRuleLines,
  validBetKindsText,
  reachedMilestones,
} from './invite.ts';

describe('invite rules', () => {
  it('reaches milestones at their thresholds exactly', () => {
    expect(reachedMilestones(9_999n)).toEqual([]);
    expect(reachedMilestones(10_000n).map((m) => m.key)).toEqual(['d100']);
    expect(reachedMilestones(500_000n).map((m) => m.key)).toEqual(['d100', 'd1000', 'd5000']);
  });

  it('takes 0.30% of valid bets, rounded down to whole 分', () => {
    expect(commissionRateText()).toBe('0.30%');
    expect(commissionFen(100_000n)).toBe(300n);
    expect(commissionFen(333n)).toBe(0n);
    expect(commissionFen(334n)).toBe(1n);
    expect(commissionFen(0n)).toBe(0n);
    expect(commissionFen(-5_000n)).toBe(0n);
  });

  it('starts Beijing days at 16:00 UTC the evening before', () => {
    expect(beijingDayStart('2026-11-21').toISOString()).toBe('2026-11-20T16:00:00.000Z');
  });

  it('makes a day due only once it has been over for the grace period', () => {
    // 00:05 Beijing on the 21st: the 20th ended 5 minutes ago, within the 10-minute grace.
    const early = commissionDaysDue(new Date('2026-11-20T16:05:00Z'));
    expect(early.at(-1)).toBe('2026-11-19');
    const later = commissionDaysDue(new Date('2026-11-20T16:10:00Z'));
    expect(later.at(-1)).toBe('2026-11-20');
    expect(later).toHaveLength(INVITE_RULES.commissionLookbackDays);
    expect(later[0]).toBe('2026-11-14');
  });

  it('writes the rules from the same numbers', () => {
    const text = inviteRuleLines().join('\n');
    expect(text).toContain('累计充值满1,000.00元奖励38.00元');
    expect(text).toContain('0.30%');
    expect(text).toContain('00:10后自动到账');
    expect(text).toContain('有效投注指已结算（中奖或未中奖）的体育注单、彩票注单和电子游戏的游戏局的投注额');
    expect(text).toContain('转入、转出游戏钱包不算投注');
  });

  it('counts sports, lottery and game rounds as valid bets, and names each in the rules', () => {
    expect(INVITE_RULES.validBetCategories).toEqual(['sports', 'lottery', 'games']);
    expect(validBetKindsText()).toBe('体育注单、彩票注单和电子游戏的游戏局');
  });
});
