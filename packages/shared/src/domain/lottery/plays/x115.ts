/**
 * 11选5: five distinct numbers from 01–11, in draw order. 任选 k (k ≤ 5) wins when the k picked
 * numbers are all among the five drawn; 任选 k (k ≥ 6) wins when all five drawn numbers are
 * among the k picked. 前二/前三 look at the first two/three drawn numbers.
 */
import { choose, fraction } from '../math.ts';
import {
  field,
  groupsPlay,
  numberOptions,
  oddsLine,
  picksPlay,
  type LotteryPlay,
  type PlayContext,
  type PlayOption,
  SINGLE_LINE,
  singleWin,
} from '../play-kit.ts';

const CHINESE_DIGITS = ['一', '二', '三', '四', '五', '六', '七', '八'];

const header = (code: string, group: string, name: string, rule: string, example: string) => ({
  code,
  family: '11x5' as const,
  group,
  name,
  rule,
  example,
});

const has = (picks: readonly PlayOption[], n: number | undefined) => picks.some((p) => p.value === n);

/** Ordered tuples, one number from each group, with no number repeated (直选 items). */
export function distinctTupleCount(groups: ReadonlyArray<readonly number[]>): number {
  const walk = (index: number, used: ReadonlySet<number>): number => {
    const group = groups[index];
    if (!group) return 1;
    let total = 0;
    for (const n of group) if (!used.has(n)) total += walk(index + 1, new Set([...used, n]));
    return total;
  };
  return walk(0, new Set());
}

export function x115Plays(ctx: PlayContext): LotteryPlay[] {
  const balls = numberOptions(1, 11, 2);

  const anyOf = (k: number): LotteryPlay => {
    const digit = CHINESE_DIGITS[k - 1] ?? String(k);
    const name = k <= 5 ? `任选${digit}中${digit}` : `任选${digit}中五`;
    const rule =
      k <= 5
        ? `选${k}个或更多号码，每${k}个号码为一注，与开奖号码中任意${k}个相同即中奖`
        : `选${k}个或更多号码，每${k}个号码为一注，包含全部5个开奖号码即中奖`;
    const probability =
      k <= 5 ? fraction(choose(5, k), choose(11, k)) : fraction(choose(k, 5), choose(11, 5));
    return picksPlay(
      {
        ...header(
          `11x5_rx${k}`,
          '任选',
          name,
          rule,
          balls
            .slice(0, k + 1)
            .map((b) => b.key)
            .join(','),
        ),
        odds: [oddsLine(SINGLE_LINE, name, probability, ctx)],
      },
      field('号码', balls, { min: k }),
      {
        count: (picks) => choose(picks.length, k),
        win: (picks, draw) => {
          const hits = picks.filter((p) => draw.includes(p.value)).length;
          if (k <= 5) return singleWin(true, choose(hits, k));
          return singleWin(hits === 5, choose(picks.length - 5, k - 5));
        },
      },
    );
  };

  const positionFields = (n: number) =>
    ['第一位', '第二位', '第三位'].slice(0, n).map((label) => field(label, balls));
  const noItems = (count: number) => (count === 0 ? '所选号码组成不了有效注数（各位号码不能相同）' : null);

  return [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyOf),
    groupsPlay(
      {
        ...header('11x5_q2zx', '直选', '前二直选', '按位猜中前两个开奖号码即中奖', '01,02|03'),
        odds: [oddsLine(SINGLE_LINE, '前二直选', fraction(1, 11 * 10), ctx)],
      },
      positionFields(2),
      {
        check: (groups) => noItems(distinctTupleCount(groups.map((g) => g.map((p) => p.value)))),
        count: (groups) => distinctTupleCount(groups.map((g) => g.map((p) => p.value))),
        win: ([first = [], second = []], draw) => singleWin(has(first, draw[0]) && has(second, draw[1])),
      },
    ),
    groupsPlay(
      {
        ...header('11x5_q3zx', '直选', '前三直选', '按位猜中前三个开奖号码即中奖', '01|02,03|04'),
        odds: [oddsLine(SINGLE_LINE, '前三直选', fraction(1, 11 * 10 * 9), ctx)],
      },
      positionFields(3),
      {
        check: (groups) => noItems(distinctTupleCount(groups.map((g) => g.map((p) => p.value)))),
        count: (groups) => distinctTupleCount(groups.map((g) => g.map((p) => p.value))),
        win: ([first = [], second = [], third = []], draw) =>
          singleWin(has(first, draw[0]) && has(second, draw[1]) && has(third, draw[2])),
      },
    ),
    picksPlay(
      {
        ...header(
          '11x5_q2zux',
          '组选',
          '前二组选',
          '选2个或更多号码，每2个号码为一注，与前两个开奖号码相同（不分顺序）即中奖',
          '01,02,03',
        ),
        odds: [oddsLine(SINGLE_LINE, '前二组选', fraction(1, choose(11, 2)), ctx)],
      },
      field('号码', balls, { min: 2 }),
      {
        count: (picks) => choose(picks.length, 2),
        win: (picks, draw) => singleWin(has(picks, draw[0]) && has(picks, draw[1])),
      },
    ),
    picksPlay(
      {
        ...header(
          '11x5_q3zux',
          '组选',
          '前三组选',
          '选3个或更多号码，每3个号码为一注，与前三个开奖号码相同（不分顺序）即中奖',
          '01,02,03,04',
        ),
        odds: [oddsLine(SINGLE_LINE, '前三组选', fraction(1, choose(11, 3)), ctx)],
      },
      field('号码', balls, { min: 3 }),
      {
        count: (picks) => choose(picks.length, 3),
        win: (picks, draw) => singleWin(has(picks, draw[0]) && has(picks, draw[1]) && has(picks, draw[2])),
      },
    ),
  ];
}
