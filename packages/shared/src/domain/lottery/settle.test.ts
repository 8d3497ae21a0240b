import { describe, expect, it } from 'vitest';
import { validateBetCodes } from './bet-codes.ts';
import { findPlay } from './plays/index.ts';
import { oddsSnapshot, settleBet } from './settle.ts';

const play = (code: string) => {
  const found = findPlay(code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
};

describe('settleBet', () => {
  it('pays winning items × odds × unit × multiple', () => {
    const settled = settleBet(play('ssc_dwd'), '1:3,7|5:0', '3,1,2,4,0', 5);
    expect(settled).toEqual({
      won: true,
      winningItems: 2,
      payoutFen: 19_400n, // 2 × 9.70 × 2元 × 5
      lines: [{ key: '*', count: 2, oddsX100: 970 }],
    });
  });

  it('rounds the payout down to the 分', () => {
    // 1.99 × 0.02元 = 0.0398元 → 3分.
    expect(settleBet(play('k3_dxds'), '大', '2,4,5', 1, { unitFen: 2n }).payoutFen).toBe(3n);
    expect(settleBet(play('k3_dxds'), '大', '2,4,5', 7, { unitFen: 2n }).payoutFen).toBe(27n);
  });

  it('returns nothing for a losing bet', () => {
    expect(settleBet(play('k3_dxds'), '大', '1,1,1', 3)).toEqual({
      won: false,
      winningItems: 0,
      payoutFen: 0n,
      lines: [],
    });
  });

  it('pays the odds stored with the bet when given', () => {
    const stored = { ...oddsSnapshot(play('k3_dxds')), 大: 150 };
    expect(settleBet(play('k3_dxds'), '大', '2,4,5', 1, { oddsX100: stored }).payoutFen).toBe(300n);
    expect(oddsSnapshot(play('k3_dxds'))).toEqual({ 大: 199, 小: 199, 单: 199, 双: 199 });
  });

  it('settles a parsed selection the same as its text', () => {
    const parsed = validateBetCodes(play('11x5_rx3'), '01,02,03,04,05');
    if (!parsed.ok) throw new Error(parsed.message);
    const fromText = settleBet(play('11x5_rx3'), '01,02,03,04,05', '01,02,03,04,10', 2);
    expect(settleBet(play('11x5_rx3'), parsed.selection, [1, 2, 3, 4, 10], 2)).toEqual(fromText);
    expect(fromText.payoutFen).toBe(4n * 1_600n * 2n * 2n);
  });

  it('refuses invalid bets, open codes and multiples instead of guessing', () => {
    expect(() => settleBet(play('k3_hz'), '19', '1,2,3', 1)).toThrow(/超出范围/);
    expect(() => settleBet(play('k3_hz'), '4', '1,2,7', 1)).toThrow();
    expect(() => settleBet(play('k3_hz'), '4', '3,2,1', 1)).toThrow(/从小到大/);
    expect(() => settleBet(play('11x5_rx2'), '01,02', '01,01,03,04,05', 1)).toThrow(/不能重复/);
    expect(() => settleBet(play('k3_hz'), '4', '1,1,2', 0)).toThrow();
    expect(() => settleBet(play('k3_hz'), { kind: 'groups', groups: [['4']] }, '1,1,2', 1)).toThrow();
  });
});

describe('settleBet on stored selections', () => {
  it('re-validates a selection so a tampered one never settles', () => {
    const dxds = play('k3_dxds');
    expect(() => settleBet(dxds, { kind: 'picks', picks: ['大', '小'] }, '2,4,5', 1)).toThrow(/不能同时投注/);
    expect(() => settleBet(dxds, { kind: 'picks', picks: ['大', '大'] }, '2,4,5', 1)).toThrow(/重复/);
    expect(() => settleBet(dxds, { kind: 'picks', picks: ['中'] }, '2,4,5', 1)).toThrow(/未知选项/);
  });
});
