import { describe, expect, it } from 'vitest';
import {
  matchResultProblem,
  settleOption,
  winningOption,
  type FinishedBasketball,
  type FinishedFootball,
} from './results.ts';
import { parseLine, PLAY_TYPES, type PlayTypeId } from './play-types.ts';

const football = (home: number, away: number, halfHome = 0, halfAway = 0): FinishedFootball => ({
  status: 'finished',
  sport: 'football',
  fullTime: { home, away },
  halfTime: { home: halfHome, away: halfAway },
});
const basketball = (home: number, away: number): FinishedBasketball => ({
  status: 'finished',
  sport: 'basketball',
  final: { home, away },
});
const line = (id: PlayTypeId, text: string) => parseLine(id, text);

describe('football options', () => {
  it('settles 胜平负 on the full-time score', () => {
    expect(winningOption('football.winDrawLose', null, football(2, 1))).toBe('h');
    expect(winningOption('football.winDrawLose', null, football(1, 1))).toBe('d');
    expect(winningOption('football.winDrawLose', null, football(0, 3))).toBe('a');
  });

  it('settles 让球胜平负 with whole-goal lines, including 让平', () => {
    const minusOne = line('football.handicap', '-1');
    expect(winningOption('football.handicap', minusOne, football(3, 1))).toBe('h');
    expect(winningOption('football.handicap', minusOne, football(2, 1))).toBe('d');
    expect(winningOption('football.handicap', minusOne, football(1, 1))).toBe('a');
    expect(winningOption('football.handicap', minusOne, football(0, 2))).toBe('a');
    const plusOne = line('football.handicap', '+1');
    expect(winningOption('football.handicap', plusOne, football(0, 0))).toBe('h');
    expect(winningOption('football.handicap', plusOne, football(0, 1))).toBe('d');
    expect(winningOption('football.handicap', plusOne, football(0, 2))).toBe('a');
    expect(winningOption('football.handicap', line('football.handicap', '-2'), football(2, 0))).toBe('d');
    expect(settleOption('football.handicap', 'd', minusOne, football(2, 1))).toBe('won');
    expect(settleOption('football.handicap', 'h', minusOne, football(2, 1))).toBe('lost');
  });

  it('settles 总进球 with 7+ for seven goals or more', () => {
    expect(winningOption('football.totalGoals', null, football(0, 0))).toBe('0');
    expect(winningOption('football.totalGoals', null, football(3, 3))).toBe('6');
    expect(winningOption('football.totalGoals', null, football(4, 3))).toBe('7+');
    expect(winningOption('football.totalGoals', null, football(5, 5))).toBe('7+');
    expect(settleOption('football.totalGoals', '7+', null, football(9, 0))).toBe('won');
    expect(settleOption('football.totalGoals', '6', null, football(4, 3))).toBe('lost');
  });

  it('settles 比分 on listed scores and buckets the rest as 胜其他 / 平其他 / 负其他', () => {
    expect(winningOption('football.score', null, football(2, 1))).toBe('2:1');
    expect(winningOption('football.score', null, football(5, 2))).toBe('5:2');
    expect(winningOption('football.score', null, football(3, 3))).toBe('3:3');
    expect(winningOption('football.score', null, football(2, 5))).toBe('2:5');
    expect(winningOption('football.score', null, football(6, 0))).toBe('other_h');
    expect(winningOption('football.score', null, football(4, 3))).toBe('other_h');
    expect(winningOption('football.score', null, football(5, 3))).toBe('other_h');
    expect(winningOption('football.score', null, football(4, 4))).toBe('other_d');
    expect(winningOption('football.score', null, football(3, 4))).toBe('other_a');
    expect(winningOption('football.score', null, football(0, 6))).toBe('other_a');
    expect(settleOption('football.score', 'other_h', null, football(4, 3))).toBe('won');
    expect(settleOption('football.score', '2:1', null, football(4, 3))).toBe('lost');
  });

  it('settles 半全场 on the half-time and full-time outcomes', () => {
    expect(winningOption('football.halfFullTime', null, football(1, 2, 1, 0))).toBe('ha');
    expect(winningOption('football.halfFullTime', null, football(0, 0, 0, 0))).toBe('dd');
    expect(winningOption('football.halfFullTime', null, football(3, 1, 0, 1))).toBe('ah');
    expect(settleOption('football.halfFullTime', 'dh', null, football(2, 0, 0, 0))).toBe('won');
  });
});

describe('basketball options', () => {
  it('settles 胜负 on the final score including overtime', () => {
    expect(winningOption('basketball.win-lose', null, basketball(112, 110))).toBe('h');
    expect(winningOption('basketball.win-lose', null, basketball(99, 101))).toBe('a');
  });

  it('settles 让分胜负 on half-point lines', () => {
    const minus = line('basketball.handicap', '-5.5');
    expect(winningOption('basketball.handicap', minus, basketball(100, 94))).toBe('h');
    expect(winningOption('basketball.handicap', minus, basketball(100, 95))).toBe('a');
    expect(winningOption('basketball.handicap', minus, basketball(90, 100))).toBe('a');
    const plus = line('basketball.handicap', '+3.5');
    expect(winningOption('basketball.handicap', plus, basketball(90, 93))).toBe('h');
    expect(winningOption('basketball.handicap', plus, basketball(90, 94))).toBe('a');
  });

  it('voids a whole-point line landing exactly on the margin (a push)', () => {
    expect(settleOption('basketball.handicap', 'h', -10, basketball(100, 95))).toBe('void');
    expect(settleOption('basketball.total-score', 'over', 400, basketball(101, 99))).toBe('void');
  });

  it('settles 胜分差 into its buckets by side', () => {
    const cases: [number, number, string][] = [
      [101, 100, 'h1-5'],
      [105, 100, 'h1-5'],
      [106, 100, 'h6-10'],
      [110, 100, 'h6-10'],
      [111, 100, 'h11-15'],
      [120, 100, 'h16-20'],
      [125, 100, 'h21-25'],
      [126, 100, 'h26+'],
      [140, 100, 'h26+'],
      [100, 111, 'a11-15'],
      [100, 126, 'a26+'],
      [100, 101, 'a1-5'],
    ];
    for (const [home, away, key] of cases) {
      expect(winningOption('basketball.score-diff', null, basketball(home, away)), `${home}:${away}`).toBe(
        key,
      );
    }
    expect(PLAY_TYPES['basketball.score-diff'].options.map((o) => o.key)).toContain('a1-5');
  });

  it('settles 大小分 against the total line', () => {
    const total = line('basketball.total-score', '215.5');
    expect(winningOption('basketball.total-score', total, basketball(109, 107))).toBe('over');
    expect(winningOption('basketball.total-score', total, basketball(107, 108))).toBe('under');
    expect(settleOption('basketball.total-score', 'under', total, basketball(100, 99))).toBe('won');
  });
});

describe('result states', () => {
  it('keeps a leg pending until a result exists and voids it on cancellation', () => {
    expect(settleOption('football.winDrawLose', 'h', null, undefined)).toBe('pending');
    expect(settleOption('football.winDrawLose', 'h', null, { status: 'pending' })).toBe('pending');
    expect(settleOption('football.winDrawLose', 'h', null, { status: 'cancelled' })).toBe('void');
    expect(settleOption('basketball.handicap', 'a', -11, { status: 'void' })).toBe('void');
  });

  it('explains unsound results and refuses to settle on them', () => {
    expect(matchResultProblem(basketball(100, 100))).toBe('篮球比赛须决出胜负（含加时）');
    expect(matchResultProblem(football(1, 0, 2, 0))).toBe('半场比分不能大于全场比分');
    expect(matchResultProblem(football(-1, 0))).toBe('比分须为非负整数');
    expect(matchResultProblem(football(1.5, 0))).toBe('比分须为非负整数');
    expect(matchResultProblem(football(2, 1, 1, 1))).toBeNull();
    expect(() => winningOption('basketball.win-lose', null, basketball(100, 100))).toThrow(RangeError);
    expect(() => settleOption('football.winDrawLose', 'h', null, basketball(100, 90))).toThrow(TypeError);
    expect(() => settleOption('football.winDrawLose', 'x', null, football(1, 0))).toThrow(RangeError);
    expect(() => settleOption('football.handicap', 'h', null, football(1, 0))).toThrow(RangeError);
  });
});
