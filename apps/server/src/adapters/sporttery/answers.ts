/**
 * The shapes of the 竞彩 gateway's answers (webapi.sporttery.cn), as the public sources in
 * README.md show them. Only the fields the adapter reads are declared; zod drops the rest, so a
 * field the provider adds changes nothing, while a field it removes or retypes fails the whole
 * answer (the adapter then keeps its last good copy). Pool objects stay open records: their
 * outcome keys differ per pool (`h`, `s01s00`, `w1` …) and a pool not on sale comes as `{}`.
 */
import { z } from 'zod';

/** Ids come as numbers in the captured answers and as strings in some clients' structs. */
const numericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
/** A pool object: outcome prices and their `…f` trend flags as strings, `id: 0` in 半全场. */
const poolObject = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** Every gateway answer: `success`, `errorCode` "0" and `errorMessage` "处理成功" when it worked. */
function envelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    errorCode: z.union([z.string(), z.number()]).transform(String),
    errorMessage: z.string().optional(),
    value: value.nullable().optional(),
  });
}

/** One entry of `poolList`: selling status and the 单关 flags of one pool of the match. */
export const poolListEntrySchema = z.object({
  poolCode: z.string(),
  poolStatus: z.string(),
  /** The 单关 flag the sources agree on; `single` is the older name (some say it now stays 0). */
  bettingSingle: z.number().int().optional(),
  single: z.number().int().optional(),
});

/** One match of `value.matchInfoList[].subMatchList[]` (getMatchCalculatorV1, both sports). */
export const calculatorMatchSchema = z.object({
  matchId: numericId,
  matchNumStr: z.string().min(1),
  businessDate: z.string().optional(),
  /** Kick-off, Beijing time. */
  matchDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  matchTime: z.string().regex(/^\d{2}:\d{2}(?::\d{2})?$/),
  /** "Selling" while the match is on sale. */
  matchStatus: z.string(),
  leagueId: numericId,
  leagueCode: z.string().optional(),
  leagueAbbName: z.string().min(1),
  leagueAllName: z.string().optional(),
  /** League colour without '#', e.g. "296CA0". */
  backColor: z.string().optional(),
  homeTeamId: numericId,
  homeTeamAbbName: z.string().min(1),
  awayTeamId: numericId,
  awayTeamAbbName: z.string().min(1),
  poolList: z.array(poolListEntrySchema).default([]),
  had: poolObject.optional(),
  hhad: poolObject.optional(),
  crs: poolObject.optional(),
  ttg: poolObject.optional(),
  hafu: poolObject.optional(),
  mnl: poolObject.optional(),
  hdc: poolObject.optional(),
  wnm: poolObject.optional(),
  hilo: poolObject.optional(),
});
export type CalculatorMatch = z.infer<typeof calculatorMatchSchema>;

export const calculatorAnswerSchema = envelope(
  z.object({
    matchInfoList: z.array(
      z.object({
        businessDate: z.string().optional(),
        subMatchList: z.array(calculatorMatchSchema).default([]),
      }),
    ),
    lastUpdateTime: z.string().optional(),
  }),
);
export type CalculatorAnswer = z.infer<typeof calculatorAnswerSchema>;

/** One row of getUniformMatchResultV1 (football) `value.matchResult[]`. */
export const footballResultSchema = z.object({
  matchId: numericId,
  matchNumStr: z.string().optional(),
  /** Half-time score "1:0" ("", or "-1:-1" on a refunded match). */
  sectionsNo1: z.string().default(''),
  /** Full-time (90 minutes) score "2:1", or "无效场次" / "取消". */
  sectionsNo999: z.string().default(''),
  /** "H" / "D" / "A" (胜平负 result), sometimes "" on a finished match. */
  winFlag: z.string().optional(),
  /** "2" once the result is in. */
  matchResultStatus: z.union([z.string(), z.number()]).transform(String).optional(),
  /** "Payout", or "Refund" on a void match. */
  poolStatus: z.string().optional(),
});
export type FootballResult = z.infer<typeof footballResultSchema>;

/** A pool's result in a basketball result row. */
const poolResultSchema = z
  .object({
    /** mnl / hdc: "H" or "A"; hilo: the over/under side; wnm: the signed bucket, "2" or "-3". */
    combination: z.string().optional(),
    goalLine: z.string().optional(),
  })
  .nullable()
  .optional();

/** One row of the basketball result query `value.matchResult[]`. */
export const basketballResultSchema = z.object({
  matchId: numericId,
  matchNumStr: z.string().optional(),
  /** Final score including overtime, away team first: "102:110" is away 102, home 110. */
  finalScore: z.string().default(''),
  /** 2 once the result is in. */
  status: z.union([z.string(), z.number()]).transform(String).optional(),
  poolStatus: z.string().optional(),
  mnl: poolResultSchema,
  hdc: poolResultSchema,
  hilo: poolResultSchema,
  wnm: poolResultSchema,
});
export type BasketballResult = z.infer<typeof basketballResultSchema>;

function resultPage<T extends z.ZodType>(row: T) {
  return envelope(
    z.object({
      matchResult: z.array(row).default([]),
      pages: z.number().int().nonnegative().optional(),
      pageNo: z.number().int().optional(),
    }),
  );
}
export const footballResultsAnswerSchema = resultPage(footballResultSchema);
export const basketballResultsAnswerSchema = resultPage(basketballResultSchema);
