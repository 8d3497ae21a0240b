/**
 * 六合彩: seven distinct numbers from 01–49; the first six are 正码, the seventh 特码. 生肖
 * follow the lunar year (ctx.zodiacOfOne); 波色 is the fixed standard table. 特码大小单双:
 * 大 25–48, 小 01–24, 单 odd, 双 even; 特码 49 is 和 and makes all four lose.
 */
import { COLOUR_NUMBERS, COLOURS, colourOf, ZODIACS, zodiacOf } from '../lhc-attributes.ts';
import { choose, fraction } from '../math.ts';
import {
  field,
  namedOptions,
  numberOptions,
  oddsLine,
  pickedWinners,
  picksPlay,
  type LotteryPlay,
  type PlayContext,
  SINGLE_LINE,
  singleWin,
  TWO_SIDED,
  TWO_SIDED_EXCLUSIVE,
  twoSidedWinners,
} from '../play-kit.ts';

const header = (code: string, group: string, name: string, rule: string, example: string) => ({
  code,
  family: 'lhc' as const,
  group,
  name,
  rule,
  example,
});

const special = (draw: readonly number[]) => draw[6]!;

export function lhcPlays(ctx: PlayContext): LotteryPlay[] {
  const balls = numberOptions(1, 49, 2);
  const zodiacs = namedOptions(ZODIACS);
  const zodiacSize = (key: string) => balls.filter((b) => zodiacOf(b.value, ctx.zodiacOfOne) === key).length;
  const allDraws = choose(49, 7);

  return [
    picksPlay(
      {
        ...header('lhc_tm', '特码', '特码', '猜中第七个开奖号码（特码）即中奖', '07,18,49'),
        odds: [oddsLine(SINGLE_LINE, '特码', fraction(1, 49), ctx)],
      },
      field('号码', balls, { max: 48 }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => singleWin(picks.some((p) => p.value === special(draw))),
      },
    ),
    picksPlay(
      {
        ...header(
          'lhc_zm',
          '正码',
          '正码',
          '所选号码出现在前六个开奖号码（正码）中即中奖，每个号码为一注',
          '01,25',
        ),
        odds: [oddsLine(SINGLE_LINE, '正码', fraction(6, 49), ctx)],
      },
      field('号码', balls),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => {
          const hits = picks.filter((p) => draw.slice(0, 6).includes(p.value)).length;
          return singleWin(true, hits);
        },
      },
    ),
    picksPlay(
      {
        ...header(
          'lhc_tx',
          '生肖',
          '特肖',
          `特码所属生肖与所选生肖相同即中奖（本年${ctx.zodiacOfOne}为本命生肖，含5个号码）`,
          '鼠,马',
        ),
        odds: zodiacs.map((z) => oddsLine(z.key, `特肖${z.key}`, fraction(zodiacSize(z.key), 49), ctx)),
      },
      field('生肖', zodiacs, { max: 11 }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, new Set([zodiacOf(special(draw), ctx.zodiacOfOne)])),
      },
    ),
    picksPlay(
      {
        ...header('lhc_yx', '生肖', '一肖', '七个开奖号码中任意一个属于所选生肖即中奖，每个生肖为一注', '龙'),
        // Loses only when none of the seven numbers carries the zodiac.
        odds: zodiacs.map((z) =>
          oddsLine(
            z.key,
            `一肖${z.key}`,
            fraction(allDraws - choose(49 - zodiacSize(z.key), 7), allDraws),
            ctx,
          ),
        ),
      },
      field('生肖', zodiacs),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, new Set(draw.map((n) => zodiacOf(n, ctx.zodiacOfOne)))),
      },
    ),
    picksPlay(
      {
        ...header('lhc_bs', '波色', '特码波色', '特码所属波色（红、蓝、绿）与所选相同即中奖', '红'),
        odds: COLOURS.map((c) => oddsLine(c, `${c}波`, fraction(COLOUR_NUMBERS[c].length, 49), ctx)),
      },
      field('波色', namedOptions(COLOURS), { max: 2 }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, new Set([colourOf(special(draw))])),
      },
    ),
    picksPlay(
      {
        ...header(
          'lhc_tmlm',
          '两面',
          '特码大小单双',
          '特码25-48为大，01-24为小，单为奇数，双为偶数；特码为49时全部不中',
          '大,单',
        ),
        odds: TWO_SIDED.map((key) => oddsLine(key, `特码${key}`, fraction(24, 49), ctx)),
      },
      field('特码', namedOptions(TWO_SIDED), { exclusive: TWO_SIDED_EXCLUSIVE }),
      {
        count: (picks) => picks.length,
        win: (picks, draw) => pickedWinners(picks, twoSidedWinners(special(draw), 25, special(draw) === 49)),
      },
    ),
  ];
}
