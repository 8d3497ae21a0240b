import { describe, expect, it } from 'vitest';
import type { BetSelection } from './picks.ts';
import {
  clearSlip,
  INITIAL_BET_SLIP,
  isSelected,
  refreshSelection,
  removeMatch,
  setBetMode,
  setBetType,
  setSport,
  toggleSelection,
  type BetSlipState,
  type SlipUpdate,
} from './slip.ts';

const bb = (matchId: string, option = 'h', odds = '1.80'): BetSelection => ({
  matchId,
  sport: 'basketball',
  betType: 'win-lose',
  option,
  odds,
});

function accepted(update: SlipUpdate): BetSlipState {
  if (!update.ok) throw new Error(update.message);
  return update.state;
}

function slipWith(selections: BetSelection[], base: BetSlipState = INITIAL_BET_SLIP): BetSlipState {
  return selections.reduce((state, s) => accepted(toggleSelection(state, s)), base);
}

describe('bet slip state', () => {
  it('starts on basketball, win-lose, single mode, empty', () => {
    expect(INITIAL_BET_SLIP).toEqual({
      selectedBets: [],
      currentBetType: 'win-lose',
      currentSport: 'basketball',
      betMode: 'single',
    });
  });

  it('adds an option on the first tap and removes it on the second', () => {
    const once = accepted(toggleSelection(INITIAL_BET_SLIP, bb('m1')));
    expect(once.selectedBets).toEqual([bb('m1')]);
    expect(isSelected(once, bb('m1'))).toBe(true);
    const twice = accepted(toggleSelection(once, bb('m1', 'h', '1.75')));
    expect(twice.selectedBets).toEqual([]);
    expect(INITIAL_BET_SLIP.selectedBets).toEqual([]);
  });

  it('keeps several options of one match (复式)', () => {
    const state = slipWith([bb('m1', 'h'), bb('m1', 'a')]);
    expect(state.selectedBets).toHaveLength(2);
    expect(accepted(toggleSelection(state, bb('m1', 'h'))).selectedBets).toEqual([bb('m1', 'a')]);
  });

  it('refuses a 9th match with 最多选择8场比赛 and keeps the state', () => {
    const eight = slipWith(Array.from({ length: 8 }, (_, i) => bb(`m${i}`)));
    const ninth = toggleSelection(eight, bb('m9'));
    expect(ninth).toEqual({ ok: false, message: '最多选择8场比赛', state: eight });
    expect(accepted(toggleSelection(eight, bb('m0', 'a'))).selectedBets).toHaveLength(9);
  });

  it('in mixed mode refuses another sport, a second play type on a match, and too many passes', () => {
    const mixed = slipWith([bb('m1'), bb('m2')], setBetMode(INITIAL_BET_SLIP, 'mixed'));
    const football: BetSelection = {
      matchId: 'f1',
      sport: 'football',
      betType: 'winDrawLose',
      option: 'h',
      odds: '2.00',
    };
    expect(toggleSelection(mixed, football)).toMatchObject({
      ok: false,
      message: '混合过关只能选择篮球项目',
    });
    const total: BetSelection = {
      matchId: 'm1',
      sport: 'basketball',
      betType: 'total-score',
      option: 'over',
      odds: '1.90',
      line: '215.5',
    };
    expect(toggleSelection(mixed, total)).toMatchObject({ ok: false, message: '同一场比赛不能选择不同游戏' });
    const five = slipWith([bb('m3'), bb('m4'), bb('m5')], mixed);
    const diff: BetSelection = {
      matchId: 'm6',
      sport: 'basketball',
      betType: 'score-diff',
      option: 'h1-5',
      odds: '4.00',
    };
    expect(toggleSelection(five, diff)).toMatchObject({ ok: false, message: '混合过关最多4关' });
    expect(toggleSelection(slipWith([bb('m3')], mixed), diff).ok).toBe(true);
  });

  it('refuses a bet type the sport does not have', () => {
    const wrong: BetSelection = {
      matchId: 'm1',
      sport: 'basketball',
      betType: 'score',
      option: '1:0',
      odds: '8.00',
    };
    expect(toggleSelection(INITIAL_BET_SLIP, wrong)).toMatchObject({ ok: false, message: '投注玩法无效' });
  });

  it('in single mode clears the slip when the bet type changes, not when it stays', () => {
    const state = slipWith([bb('m1'), bb('m2')]);
    expect(setBetType(state, 'win-lose')).toBe(state);
    expect(setBetType(state, 'handicap')).toEqual({ ...state, currentBetType: 'handicap', selectedBets: [] });
    expect(setBetType(state, 'winDrawLose')).toBe(state);
  });

  it('in mixed mode keeps the slip across bet types, so a parlay mixes play types', () => {
    const mixed = slipWith([bb('m1'), bb('m2')], setBetMode(INITIAL_BET_SLIP, 'mixed'));
    const handicapTab = setBetType(mixed, 'handicap');
    expect(handicapTab).toEqual({ ...mixed, currentBetType: 'handicap' });
    const diff: BetSelection = {
      matchId: 'm3',
      sport: 'basketball',
      betType: 'handicap',
      option: 'h',
      odds: '1.80',
      line: '-5.5',
    };
    const three = toggleSelection(handicapTab, diff);
    expect(three.ok).toBe(true);
    expect(three.state.selectedBets.map((s) => s.betType)).toEqual(['win-lose', 'win-lose', 'handicap']);
    // Still one play type per match: m1 already carries 胜负.
    expect(toggleSelection(three.state, { ...diff, matchId: 'm1' })).toMatchObject({
      ok: false,
      message: '同一场比赛不能选择不同游戏',
    });
  });

  it('clears the slip when switching to mixed mode, and keeps it going back to single', () => {
    const state = slipWith([bb('m1'), bb('m2')]);
    const mixed = setBetMode(state, 'mixed');
    expect(mixed).toEqual({ ...state, betMode: 'mixed', selectedBets: [] });
    expect(setBetMode(mixed, 'mixed')).toBe(mixed);
    const mixedWithBets = slipWith([bb('m1'), bb('m2')], mixed);
    expect(setBetMode(mixedWithBets, 'single')).toEqual({ ...mixedWithBets, betMode: 'single' });
  });

  it('clears the slip and picks the first bet type when the sport changes', () => {
    const state = slipWith([bb('m1')]);
    expect(setSport(state, 'football')).toEqual({
      ...state,
      currentSport: 'football',
      currentBetType: 'winDrawLose',
      selectedBets: [],
    });
    expect(setSport(state, 'basketball')).toBe(state);
  });

  it('refreshes odds in place, removes a match, clears', () => {
    const state = slipWith([bb('m1', 'h'), bb('m1', 'a'), bb('m2')]);
    expect(refreshSelection(state, bb('m1', 'a', '2.05')).selectedBets).toEqual([
      bb('m1', 'h'),
      bb('m1', 'a', '2.05'),
      bb('m2'),
    ]);
    expect(refreshSelection(state, bb('m3'))).toBe(state);
    expect(removeMatch(state, 'm1').selectedBets).toEqual([bb('m2')]);
    expect(clearSlip(state).selectedBets).toEqual([]);
    expect(state.selectedBets).toHaveLength(3);
  });
});
