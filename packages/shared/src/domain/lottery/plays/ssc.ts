/**
 * 时时彩: five digits 0–9 (万千百十个). 大小 per position: 大 5–9, 小 0–4. 总和 (0–45):
 * 大 23–45, 小 0–22. 龙虎和 compares 万位 with 个位: 龙 when larger, 虎 when smaller, 和 when
 * equal (a 和 makes 龙 and 虎 lose).
 */
import { LOTTERY_FAMILIES } from '../families.ts';
import { fraction } from '../math.ts';
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
  positionsPlay,
  SINGLE_LINE,
  singleWin,
  TWO_SIDED,
  TWO_SIDED_EXCLUSIVE,
  twoSidedWinners,
} from '../play-kit.ts';

const LABELS = LOTTERY_FAMILIES.ssc.positions;
const POSITIONS = LABELS.map((label, i) => ({ position: i + 1, label }));

const header = (code: string, group: string, name: string, rule: string, example: string) => ({
  code,
  family: 'ssc' as const,
  group,
  name,
  rule,
  example,
});

export function sscPlays(ctx: PlayContext): LotteryPlay[] {
  const digits = numberOptions(0, 9);

  const straight = (code: string, name: string, first: number): LotteryPlay =>
    groupsPlay(
      {
        ...header(
          code,
          '直选',
          name,
          `${name}：按位猜中${LABELS.slice(first, first + 3).join('、')}三位数字即中奖`,
          '1,2|3|4,5,6',
        ),
        odds: [oddsLine(SINGLE_LINE, name, fraction(1, 1000), ctx)],
      },
      LABELS.slice(first, first + 3).map((label) => field(label, digits)),
      {
        count: (groups) => groups.reduce((product, g) => product * g.length, 1),
        win: (groups, draw) => singleWin(groups.every((g, i) => g.some((d) => d.value === draw[first + i]))),
      },
    );

  return [
    positionsPlay(
      {
        ...header('ssc_dwd', '定位胆', '定位胆', '任选位置并选择数字，该位置开出所选数字即中奖', '1:3,7|5:0'),
        odds: [oddsLine(SINGLE_LINE, '定位胆', fraction(1, 10), ctx)],
      },
      POSITIONS,
      field('数字', digits, { max: 9 }),
      { win: (position, picks, draw) => singleWin(picks.some((d) => d.value === draw[position - 1])) },
    ),
    straight('ssc_q3zx', '前三直选', 0),
    straight('ssc_z3zx', '中三直选', 1),
    straight('ssc_h3zx', '后三直选', 2),
    positionsPlay(
      {
        ...header(
          'ssc_lm',
          '两面',
          '大小单双',
          '按位置：5-9为大，0-4为小，单为奇数，双为偶数',
          '1:大|5:单,小',
        ),
        odds: TWO_SIDED.map((key) => oddsLine(key, key, fraction(1, 2), ctx)),
      },
      POSITIONS,
      field('大小单双', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      { win: (position, picks, draw) => pickedWinners(picks, twoSidedWinners(draw[position - 1]!, 5)) },
    ),
    picksPlay(
      {
        ...header(
          'ssc_zhlm',
          '两面',
          '总和大小单双',
          '五位数字之和：大23-45，小0-22，单为奇数，双为偶数',
          '大,双',
        ),
        // The total is symmetric about 22.5 and each digit's parity is fair: every side is exactly 1/2.
        odds: TWO_SIDED.map((key) => oddsLine(key, `总和${key}`, fraction(1, 2), ctx)),
      },
      field('总和', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) =>
          pickedWinners(
            picks,
            twoSidedWinners(
              draw.reduce((s, d) => s + d, 0),
              23,
            ),
          ),
      },
    ),
    picksPlay(
      {
        ...header(
          'ssc_lhh',
          '龙虎和',
          '龙虎和',
          '万位大于个位为龙，小于为虎，相等为和；开和时龙、虎不中',
          '龙,和',
        ),
        odds: [
          oddsLine('龙', '龙', fraction(45, 100), ctx),
          oddsLine('虎', '虎', fraction(45, 100), ctx),
          oddsLine('和', '和', fraction(10, 100), ctx),
        ],
      },
      field('龙虎和', namedOptions(['龙', '虎', '和']), { exclusive: [['龙', '虎']] }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => {
          const first = draw[0]!;
          const last = draw[4]!;
          return pickedWinners(picks, new Set([first > last ? '龙' : first < last ? '虎' : '和']));
        },
      },
    ),
  ];
}
