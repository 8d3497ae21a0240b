/**
 * PK10 赛车: a permutation of cars 01–10; position 1 is 冠军. 冠亚和 is the sum of the first two
 * cars (3–19): 大 12–19, 小 3–11, 单 odd, 双 even. 大小 per position: 大 06–10, 小 01–05.
 * 龙虎: position i (1–5) is 龙 when its car is larger than the car at position 11 − i.
 */
import { LOTTERY_FAMILIES } from '../families.ts';
import { fraction } from '../math.ts';
import {
  field,
  namedOptions,
  numberOptions,
  oddsLine,
  pickedWinners,
  picksPlay,
  type LotteryPlay,
  type PlayContext,
  positionsPlay,
  SINGLE_LINE,
  singleWin,
  TWO_SIDED,
  TWO_SIDED_EXCLUSIVE,
  twoSidedWinners,
} from '../play-kit.ts';

const PAIRS = 90; // ordered (冠军, 亚军) pairs of distinct cars

/** Ordered pairs of distinct cars 1–10 whose sum is `sum`. */
export function pk10SumWays(sum: number): number {
  let ways = 0;
  for (let a = 1; a <= 10; a++) {
    const b = sum - a;
    if (b >= 1 && b <= 10 && b !== a) ways += 1;
  }
  return ways;
}

const POSITIONS = LOTTERY_FAMILIES.pk10.positions.map((label, i) => ({ position: i + 1, label }));
const DRAGON_POSITIONS = POSITIONS.slice(0, 5).map((p) => ({
  position: p.position,
  label: `${p.label}（对${LOTTERY_FAMILIES.pk10.positions[10 - p.position]}）`,
}));
const firstTwoSum = (draw: readonly number[]) => draw[0]! + draw[1]!;

const header = (code: string, group: string, name: string, rule: string, example: string) => ({
  code,
  family: 'pk10' as const,
  group,
  name,
  rule,
  example,
});

export function pk10Plays(ctx: PlayContext): LotteryPlay[] {
  const cars = numberOptions(1, 10, 2);
  const sums = numberOptions(3, 19);
  // Over the 90 ordered pairs: 大 (12–19) 40, 小 (3–11) 50, 单 50, 双 40.
  let big = 0;
  let odd = 0;
  for (const s of sums) {
    if (s.value >= 12) big += pk10SumWays(s.value);
    if (s.value % 2 === 1) odd += pk10SumWays(s.value);
  }
  const sideWays: Record<string, number> = { 大: big, 小: PAIRS - big, 单: odd, 双: PAIRS - odd };

  return [
    positionsPlay(
      {
        ...header(
          'pk10_dwd',
          '定位胆',
          '定位胆',
          '任选名次并选择车号，该名次开出所选车号即中奖',
          '1:03,07|2:05',
        ),
        odds: [oddsLine(SINGLE_LINE, '定位胆', fraction(1, 10), ctx)],
      },
      POSITIONS,
      field('车号', cars, { max: 9 }),
      { win: (position, picks, draw) => singleWin(picks.some((c) => c.value === draw[position - 1])) },
    ),
    picksPlay(
      {
        ...header(
          'pk10_gyh',
          '冠亚和',
          '冠亚和值',
          '猜冠军与亚军车号之和（3-19），每个和值赔率不同',
          '3,11,19',
        ),
        odds: sums.map((o) => oddsLine(o.key, `冠亚和${o.key}`, fraction(pk10SumWays(o.value), PAIRS), ctx)),
      },
      field('和值', sums, { max: 16 }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, new Set([String(firstTwoSum(draw))])),
      },
    ),
    picksPlay(
      {
        ...header(
          'pk10_gyhlm',
          '冠亚和',
          '冠亚和大小单双',
          '冠亚和：大12-19，小3-11，单为奇数，双为偶数',
          '大,双',
        ),
        odds: TWO_SIDED.map((key) => oddsLine(key, `冠亚和${key}`, fraction(sideWays[key] ?? 0, PAIRS), ctx)),
      },
      field('冠亚和', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, twoSidedWinners(firstTwoSum(draw), 12)),
      },
    ),
    positionsPlay(
      {
        ...header(
          'pk10_lm',
          '两面',
          '大小单双',
          '按名次：车号06-10为大，01-05为小，单为奇数，双为偶数',
          '1:大,单|10:小',
        ),
        odds: TWO_SIDED.map((key) => oddsLine(key, key, fraction(1, 2), ctx)),
      },
      POSITIONS,
      field('大小单双', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      { win: (position, picks, draw) => pickedWinners(picks, twoSidedWinners(draw[position - 1]!, 6)) },
    ),
    positionsPlay(
      {
        ...header('pk10_lh', '龙虎', '龙虎', '第1-5名分别对第10-6名：车号大者为龙，小者为虎', '1:龙|2:虎'),
        odds: ['龙', '虎'].map((key) => oddsLine(key, key, fraction(1, 2), ctx)),
      },
      DRAGON_POSITIONS,
      field('龙虎', namedOptions(['龙', '虎']), { exclusive: [['龙', '虎']] }),
      {
        win: (position, picks, draw) => {
          const dragon = draw[position - 1]! > draw[10 - position]!;
          return pickedWinners(picks, new Set([dragon ? '龙' : '虎']));
        },
      },
    ),
  ];
}
