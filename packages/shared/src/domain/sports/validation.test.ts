import { describe, expect, it } from 'vitest';
import { BET_MESSAGES } from './messages.ts';
import type { BetSelection } from './picks.ts';
import type { BetType, Sport } from './play-types.ts';
import { multipleProblem, stakeProblem, validateBetSlip, type BetSlipInput } from './validation.ts';

function sel(matchId: string, sport: Sport, betType: BetType, option: string, odds = '2.00', line?: string) {
  return { matchId, sport, betType, option, odds, line } satisfies BetSelection;
}
const fbWin = (id: string, odds = '2.00') => sel(id, 'football', 'winDrawLose', 'h', odds);
const bbWin = (id: string, odds = '1.80') => sel(id, 'basketball', 'win-lose', 'h', odds);
const matches = (n: number, make: (id: string) => BetSelection) =>
  Array.from({ length: n }, (_, i) => make(`m${i + 1}`));

const mixed = (
  selections: BetSelection[],
  passType: string | null,
  extra: Partial<BetSlipInput> = {},
): BetSlipInput => ({
  sport: 'football',
  mode: 'mixed',
  selections,
  passType,
  multiple: 1,
  ...extra,
});
const single = (selections: BetSelection[], extra: Partial<BetSlipInput> = {}): BetSlipInput => ({
  sport: 'football',
  mode: 'single',
  selections,
  multiple: 1,
  ...extra,
});
const messageOf = (input: BetSlipInput) => {
  const result = validateBetSlip(input);
  return result.ok ? null : result.message;
};

describe('slip rules (SPEC.md §5)', () => {
  it('asks for a selection when the slip is empty: 请选择投注选项', () => {
    expect(messageOf(mixed([], '2x1'))).toBe('请选择投注选项');
    expect(messageOf(single([]))).toBe('请选择投注选项');
  });

  it('allows 8 matches and refuses a 9th: 最多选择8场比赛', () => {
    expect(messageOf(single(matches(8, fbWin)))).toBeNull();
    expect(messageOf(single(matches(9, fbWin)))).toBe('最多选择8场比赛');
    expect(messageOf(mixed(matches(9, fbWin), '8x1'))).toBe('最多选择8场比赛');
    expect(messageOf(mixed(matches(8, fbWin), '8x1'))).toBeNull();
  });

  it('keeps a mixed slip in the basketball section to basketball: 混合过关只能选择篮球项目', () => {
    const input = mixed([bbWin('b1'), bbWin('b2'), fbWin('f1')], '3x1', { sport: 'basketball' });
    expect(messageOf(input)).toBe('混合过关只能选择篮球项目');
    expect(messageOf({ ...input, selections: [bbWin('b1'), bbWin('b2'), bbWin('b3')] })).toBeNull();
  });

  it('keeps a mixed slip to one sport: 混合过关只能选择同一运动项目的比赛', () => {
    expect(messageOf(mixed([fbWin('f1'), bbWin('b1')], '2x1'))).toBe('混合过关只能选择同一运动项目的比赛');
  });

  it('allows singles of both sports side by side', () => {
    expect(messageOf(single([fbWin('f1'), bbWin('b1')]))).toBeNull();
  });

  it('refuses two play types on one match in a parlay: 同一场比赛不能选择不同游戏', () => {
    const input = mixed(
      [fbWin('m1'), sel('m1', 'football', 'handicap', 'h', '3.10', '-1'), fbWin('m2')],
      '2x1',
    );
    expect(messageOf(input)).toBe('同一场比赛不能选择不同游戏');
  });

  it('limits a parlay to the smallest max-passes: 混合过关最多N关', () => {
    const withScore = [...matches(4, fbWin), sel('m5', 'football', 'score', '2:1', '8.00')];
    expect(messageOf(mixed(withScore, '5x1'))).toBe('混合过关最多4关');
    const withGoals = [...matches(6, fbWin), sel('m7', 'football', 'totalGoals', '7+', '15.00')];
    expect(messageOf(mixed(withGoals, '7x1'))).toBe('混合过关最多6关');
    const withHalfFull = [...matches(4, fbWin), sel('m5', 'football', 'halfFullTime', 'hh', '4.00')];
    expect(messageOf(mixed(withHalfFull, '5x1'))).toBe('混合过关最多4关');
    const withDiff = [...matches(4, bbWin), sel('m5', 'basketball', 'score-diff', 'h1-5', '4.00')];
    expect(messageOf(mixed(withDiff, '5x1', { sport: 'basketball' }))).toBe('混合过关最多4关');
    expect(
      messageOf(mixed([...matches(3, fbWin), sel('m4', 'football', 'score', '2:1', '8.00')], '4x11')),
    ).toBeNull();
    expect(BET_MESSAGES.mixedMaxPasses(6)).toBe('混合过关最多6关');
  });

  it('needs two matches for a parlay', () => {
    expect(messageOf(mixed([fbWin('m1')], '2x1'))).toBe(BET_MESSAGES.mixedMinMatches);
  });

  it('needs an offered pass type', () => {
    const two = matches(2, fbWin);
    expect(messageOf(mixed(two, null))).toBe('请选择过关方式');
    expect(messageOf(mixed(two, ''))).toBe('请选择过关方式');
    expect(messageOf(mixed(two, '3x4'))).toBe(BET_MESSAGES.passTypeUnavailable);
    expect(messageOf(mixed(two, 'single'))).toBe(BET_MESSAGES.passTypeUnavailable);
    expect(messageOf(mixed(two, 'nonsense'))).toBe(BET_MESSAGES.passTypeUnavailable);
    expect(messageOf(mixed(matches(3, fbWin), '3串4'))).toBeNull();
    expect(messageOf(mixed(matches(3, fbWin), 'TRIPLE_4'))).toBeNull();
    expect(messageOf(single(two, { passType: '2x1' }))).toBe(BET_MESSAGES.passTypeUnavailable);
    expect(messageOf(single(two, { passType: 'single' }))).toBeNull();
    expect(messageOf(single(two, { passType: '单关' }))).toBeNull();
  });

  it('accepts a multiple of 1 to 99 and refuses 0, 100, 1.5: 倍数须为1-99的整数', () => {
    const two = matches(2, fbWin);
    expect(messageOf(mixed(two, '2x1', { multiple: 1 }))).toBeNull();
    expect(messageOf(mixed(two, '2x1', { multiple: 99 }))).toBeNull();
    for (const multiple of [0, 100, 1.5, -1, Number.NaN]) {
      expect(messageOf(mixed(two, '2x1', { multiple }))).toBe('倍数须为1-99的整数');
    }
    expect(multipleProblem('3')).toBe('倍数须为1-99的整数');
  });

  it('accepts a total stake of 2 to 20000元 and refuses 1.99 and 20000.01', () => {
    expect(stakeProblem(200n)).toBeNull();
    expect(stakeProblem(2_000_000n)).toBeNull();
    expect(stakeProblem(199n)).toBe('投注金额须在2-20000元之间');
    expect(stakeProblem(2_000_001n)).toBe('投注金额须在2-20000元之间');
    expect(stakeProblem(0n)).toBe('投注金额须在2-20000元之间');
  });

  it('refuses a slip whose bets × 2元 × multiple passes 20000元', () => {
    const eight = matches(8, fbWin);
    // 247 bets × 2元 × 40 = 19,760元; × 41 = 20,254元
    expect(messageOf(mixed(eight, '8x247', { multiple: 40 }))).toBeNull();
    expect(messageOf(mixed(eight, '8x247', { multiple: 41 }))).toBe('投注金额须在2-20000元之间');
    // every option of 8 matches: 24 singles × 2元 × 99 = 4,752元, but 8串247 over them is 65,511 bets
    const wide = Array.from({ length: 8 }, (_, i) =>
      ['h', 'd', 'a'].map((o) => sel(`m${i}`, 'football', 'winDrawLose', o, '3.00')),
    ).flat();
    expect(messageOf(single(wide, { multiple: 99 }))).toBeNull();
    expect(messageOf(mixed(wide, '8x247', { multiple: 1 }))).toBe('投注金额须在2-20000元之间');
  });

  it('refuses when the stake the member saw differs from the computed one', () => {
    expect(messageOf(mixed(matches(3, fbWin), '3x4', { multiple: 2, expectedStake: 1_600n }))).toBeNull();
    expect(messageOf(mixed(matches(3, fbWin), '3x4', { multiple: 2, expectedStake: 1_400n }))).toBe(
      BET_MESSAGES.stakeMismatch,
    );
  });
});

describe('selection checks', () => {
  it('refuses unknown play types, options, odds and lines', () => {
    expect(messageOf(single([sel('m1', 'football', 'win-lose', 'h')]))).toBe(BET_MESSAGES.invalidPlay);
    expect(messageOf(single([sel('m1', 'football', 'winDrawLose', 'x')]))).toBe(BET_MESSAGES.invalidOption);
    expect(messageOf(single([sel('m1', 'football', 'score', '6:0')]))).toBe(BET_MESSAGES.invalidOption);
    for (const odds of ['1.855', '0.99', 'abc', '']) {
      expect(messageOf(single([sel('m1', 'football', 'winDrawLose', 'h', odds)]))).toBe(
        BET_MESSAGES.invalidOdds,
      );
    }
    expect(messageOf(single([sel('m1', 'basketball', 'handicap', 'h', '1.80')]))).toBe(
      BET_MESSAGES.invalidLine,
    );
    expect(messageOf(single([sel('m1', 'basketball', 'handicap', 'h', '1.80', '-5')]))).toBe(
      BET_MESSAGES.invalidLine,
    );
    expect(messageOf(single([sel('m1', 'basketball', 'handicap', 'h', '1.80', '-5.5')]))).toBeNull();
    expect(messageOf(single([sel('', 'football', 'winDrawLose', 'h')]))).toBe(BET_MESSAGES.invalidMatch);
  });

  it('refuses the same option twice and two lines on one match', () => {
    expect(messageOf(single([fbWin('m1'), fbWin('m1')]))).toBe(BET_MESSAGES.duplicateOption);
    const twoLines = [
      sel('m1', 'football', 'handicap', 'h', '2.00', '-1'),
      sel('m1', 'football', 'handicap', 'a', '2.00', '-2'),
    ];
    expect(messageOf(single(twoLines))).toBe(BET_MESSAGES.invalidLine);
  });

  it('refuses one match id carrying two sports', () => {
    expect(messageOf(single([fbWin('m1'), bbWin('m1')]))).toBe(BET_MESSAGES.invalidMatch);
  });
});

describe('a valid slip', () => {
  it('prices a 复式 parlay: bets, stake, max and min prize', () => {
    const result = validateBetSlip(
      mixed(
        [
          sel('m1', 'football', 'winDrawLose', 'h', '1.50'),
          sel('m1', 'football', 'winDrawLose', 'd', '3.20'),
          sel('m2', 'football', 'handicap', 'a', '2.50', '-1'),
          sel('m3', 'football', 'totalGoals', '2', '3.00'),
          sel('m3', 'football', 'totalGoals', '3', '3.40'),
        ],
        '3x4',
        { multiple: 2 },
      ),
    );
    if (!result.ok) throw new Error(result.message);
    // pairs 2·1 + 2·2 + 1·2 = 8, triple 2·1·2 = 4
    expect(result.betCount).toBe(12);
    expect(result.totalStake).toBe(12n * 200n * 2n);
    expect(result.matchCount).toBe(3);
    expect(result.passType.name).toBe('3串4');
    // best: 3.20, 2.50, 3.40 → (8.00 + 10.88 + 8.50 + 27.20) × 4元
    expect(result.maxPrize).toBe(800n * 4n + 1088n * 4n + 850n * 4n + 2720n * 4n);
    // lowest pair: 1.50 × 2.50 = 3.75 × 4元
    expect(result.minPrize).toBe(1500n);
    expect(result.picks.map((p) => [p.matchId, p.playType, p.options.length])).toEqual([
      ['m1', 'football.winDrawLose', 2],
      ['m2', 'football.handicap', 1],
      ['m3', 'football.totalGoals', 2],
    ]);
  });

  it('prices singles as one bet per option', () => {
    const result = validateBetSlip(
      single([fbWin('m1', '1.85'), sel('m1', 'football', 'winDrawLose', 'a', '4.10'), bbWin('m2')], {
        multiple: 5,
      }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.betCount).toBe(3);
    expect(result.totalStake).toBe(3_000n);
    expect(result.passType.code).toBe('single');
    expect(result.maxPrize).toBe(4_100n + 1_800n);
  });
});

describe('单关 per pool (singleAllowed)', () => {
  const onlyM1 = { singleAllowed: (s: BetSelection) => s.matchId === 'm1' };

  it('takes singles on pools that take them', () => {
    expect(messageOf(single([fbWin('m1')], onlyM1))).toBeNull();
  });

  it('refuses a slip of singles with one pool that takes none', () => {
    expect(messageOf(single([fbWin('m1'), fbWin('m2')], onlyM1))).toBe(BET_MESSAGES.singleNotOffered);
    expect(BET_MESSAGES.singleNotOffered).toBe('该玩法不支持单关，请至少选择两场比赛串关');
  });

  it('leaves parlays alone', () => {
    expect(messageOf(mixed([fbWin('m2'), fbWin('m3')], '2x1', { singleAllowed: () => false }))).toBeNull();
  });
});
