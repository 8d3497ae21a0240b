/**
 * 快3: three dice. 大小单双 look at the sum (大 11–17, 小 4–10, 单 odd, 双 even) and all lose
 * on a triple (豹子), the standard rule.
 */
import { choose, fraction } from '../math.ts';
import {
  field,
  groupsPlay,
  namedOptions,
  numberOptions,
  oddsLine,
  pickedWinners,
  picksPlay,
  type LotteryPlay,
  type PlayContext,
  type PlayOption,
  SINGLE_LINE,
  singleWin,
  TWO_SIDED,
  TWO_SIDED_EXCLUSIVE,
  twoSidedWinners,
} from '../play-kit.ts';

const OUTCOMES = 216;
const FACES = [1, 2, 3, 4, 5, 6];

/** Ordered dice outcomes with a given sum (3–18). */
export function k3SumWays(sum: number): number {
  let ways = 0;
  for (const a of FACES) for (const b of FACES) if (sum - a - b >= 1 && sum - a - b <= 6) ways += 1;
  return ways;
}

const sumOf = (draw: readonly number[]) => draw.reduce((s, n) => s + n, 0);
const isTriple = (draw: readonly number[]) => draw[0] === draw[1] && draw[1] === draw[2];
const distinctFaces = (draw: readonly number[]) => new Set(draw);
const countPicked = (picks: readonly PlayOption[], faces: ReadonlySet<number>) =>
  picks.filter((p) => faces.has(p.value)).length;

const header = (code: string, group: string, name: string, rule: string, example: string) => ({
  code,
  family: 'k3' as const,
  group,
  name,
  rule,
  example,
});

export function k3Plays(ctx: PlayContext): LotteryPlay[] {
  const p = (ways: number) => fraction(ways, OUTCOMES);
  const sums = numberOptions(3, 18);
  const triples = FACES.map((f) => ({ key: String(f).repeat(3), label: String(f).repeat(3), value: f }));
  const pairs = FACES.map((f) => ({ key: String(f).repeat(2), label: `${f}${f}`, value: f }));
  const faces = numberOptions(1, 6);

  return [
    picksPlay(
      {
        ...header('k3_hz', '和值', '和值', '猜三颗骰子点数之和（3-18），每个和值赔率不同', '4,10,17'),
        odds: sums.map((o) => oddsLine(o.key, `和值${o.key}`, p(k3SumWays(o.value)), ctx)),
      },
      // Picking every sum would guarantee a win: at most 15 of the 16.
      field('和值', sums, { max: 15 }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, new Set([String(sumOf(draw))])),
      },
    ),
    picksPlay(
      {
        ...header(
          'k3_dxds',
          '两面',
          '大小单双',
          '按和值：大11-17，小4-10，单为奇数，双为偶数；开出豹子（三同号）全部不中',
          '大,单',
        ),
        // Each side: 108 outcomes, less the 3 triples that fall on that side.
        odds: TWO_SIDED.map((key) => oddsLine(key, key, p(105), ctx)),
      },
      field('大小单双', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, twoSidedWinners(sumOf(draw), 11, isTriple(draw))),
      },
    ),
    picksPlay(
      {
        ...header('k3_sthtx', '三同号', '三同号通选', '开出任意豹子（111-666）即中奖', '通选'),
        odds: [oddsLine(SINGLE_LINE, '三同号通选', p(6), ctx)],
      },
      field('三同号通选', namedOptions(['通选'])),
      { count: () => 1, win: (_picks, draw) => singleWin(isTriple(draw)) },
    ),
    picksPlay(
      {
        ...header('k3_sthdx', '三同号', '三同号单选', '猜中指定的豹子（如666）即中奖', '111,666'),
        odds: [oddsLine(SINGLE_LINE, '三同号单选', p(1), ctx)],
      },
      field('三同号', triples, { numeric: false }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => singleWin(isTriple(draw) && picks.some((t) => t.value === draw[0])),
      },
    ),
    picksPlay(
      {
        ...header(
          'k3_ethfx',
          '二同号',
          '二同号复选',
          '开奖号码中至少有两颗骰子为所选对子（含豹子）即中奖',
          '11,66',
        ),
        // Two of the pair face and one other (3 × 5) plus the triple.
        odds: [oddsLine(SINGLE_LINE, '二同号复选', p(16), ctx)],
      },
      field('对子', pairs, { numeric: false }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) =>
          singleWin(picks.some((pair) => draw.filter((d) => d === pair.value).length >= 2)),
      },
    ),
    groupsPlay(
      {
        ...header(
          'k3_ethdx',
          '二同号',
          '二同号单选',
          '选对子和一个不同号，开奖号码恰为该对子加该号码即中奖',
          '11,22|3,4',
        ),
        odds: [oddsLine(SINGLE_LINE, '二同号单选', p(3), ctx)],
      },
      [field('同号', pairs, { numeric: false }), field('不同号', faces)],
      {
        check: ([same = [], other = []]) => {
          const clash = same.find((pair) => other.some((o) => o.value === pair.value));
          return clash ? `同号「${clash.key}」与不同号「${clash.value}」不能选同一数字` : null;
        },
        count: ([same = [], other = []]) => same.length * other.length,
        win: ([same = [], other = []], draw) => {
          if (isTriple(draw) || distinctFaces(draw).size !== 2) return [];
          const pairFace = draw[1]!; // sorted, so the middle die belongs to the pair
          const single = draw.find((d) => d !== pairFace)!;
          return singleWin(same.some((s) => s.value === pairFace) && other.some((o) => o.value === single));
        },
      },
    ),
    picksPlay(
      {
        ...header(
          'k3_sbth',
          '不同号',
          '三不同号',
          '选3-6个号码，开奖号码为三个不同号且都在所选号码中即中奖',
          '1,2,3,4',
        ),
        odds: [oddsLine(SINGLE_LINE, '三不同号', p(6), ctx)],
      },
      field('号码', faces, { min: 3 }),
      {
        count: (picks) => choose(picks.length, 3),
        win: (picks, draw) => {
          const seen = distinctFaces(draw);
          return singleWin(seen.size === 3 && countPicked(picks, seen) === 3);
        },
      },
    ),
    picksPlay(
      {
        ...header(
          'k3_ebth',
          '不同号',
          '二不同号',
          '选2-6个号码，开奖号码中出现所选的任意两个不同号码即中奖（每组号码算一注）',
          '1,2,5',
        ),
        // Outcomes showing both faces a and b: 216 − 125 − 125 + 64.
        odds: [oddsLine(SINGLE_LINE, '二不同号', p(30), ctx)],
      },
      field('号码', faces, { min: 2 }),
      {
        count: (picks) => choose(picks.length, 2),
        win: (picks, draw) => singleWin(true, choose(countPicked(picks, distinctFaces(draw)), 2)),
      },
    ),
    picksPlay(
      {
        ...header('k3_slhtx', '三连号', '三连号通选', '开出123、234、345、456任意一组即中奖', '通选'),
        odds: [oddsLine(SINGLE_LINE, '三连号通选', p(24), ctx)],
      },
      field('三连号通选', namedOptions(['通选'])),
      {
        count: () => 1,
        win: (_picks, draw) => singleWin(draw[1] === draw[0]! + 1 && draw[2] === draw[1] + 1),
      },
    ),
  ];
}
