import { z } from 'zod';
import { MAX_BET_CODES_LENGTH, MAX_MULTIPLE } from '../domain/lottery/bet-codes.ts';
import { FAMILY_CODES } from '../domain/lottery/families.ts';
import { isoDate, moneyInput, moneyString, paginated } from './common.ts';
import { VOID_BY_LABELS } from '../domain/void-trace.ts';

/**
 * Lottery contracts (SPEC.md §7 "Lottery" under /v1/liujiu, and the lottery part of "Games"):
 * requests, responses and the events pushed on the public channel `lottery.<code>`.
 */

/** Events on `lottery.<code>` (PUBLIC_CHANNELS.lottery(code)). */
export const LOTTERY_EVENTS = {
  opened: 'period.opened',
  closed: 'period.closed',
  drawn: 'period.drawn',
  cancelled: 'period.cancelled',
  settled: 'period.settled',
} as const;

/** Stake per item (注): 元 2.00, 角 0.20, 分 0.02. */
export const LOTTERY_UNIT_MODES = { yuan: 200n, jiao: 20n, fen: 2n } as const;
export type LotteryUnitMode = keyof typeof LOTTERY_UNIT_MODES;
export const LOTTERY_UNIT_NAMES: Record<LotteryUnitMode, string> = { yuan: '元', jiao: '角', fen: '分' };

/** Period status as a member sees it: stored state, or the clock while the draw is due. */
export const PERIOD_STATUSES = ['pending', 'open', 'closed', 'drawing', 'drawn', 'cancelled'] as const;
export type PeriodStatusView = (typeof PERIOD_STATUSES)[number];
export const PERIOD_STATUS_TEXT: Record<PeriodStatusView, string> = {
  pending: '未开盘',
  open: '投注中',
  closed: '已封盘',
  drawing: '开奖中',
  drawn: '已开奖',
  cancelled: '已取消',
};

export const LOTTERY_BET_STATUSES = ['pending', 'won', 'lost', 'cancelled', 'refunded'] as const;
export type LotteryBetStatus = (typeof LOTTERY_BET_STATUSES)[number];
export const LOTTERY_BET_STATUS_TEXT: Record<LotteryBetStatus, string> = {
  pending: '待开奖',
  won: '已中奖',
  lost: '未中奖',
  cancelled: '已撤单',
  refunded: '已退款',
};

// ---- request fields -----------------------------------------------------------------------

export const lotteryCode = z
  .string({ error: '请选择彩种' })
  .regex(/^[a-z0-9_]{1,20}$/, '彩种代码格式不正确')
  .describe('Lottery code, e.g. k3_1m');
export const expectNumber = z
  .string({ error: '请提供期号' })
  .regex(/^\d{7,12}$/, '期号格式不正确')
  .describe('期号, e.g. 202605201440');
const playCode = z
  .string({ error: '请选择玩法' })
  .regex(/^[a-z0-9_]{2,20}$/, '玩法代码格式不正确')
  .describe('Play code, e.g. k3_hz');
const betCodes = z
  .string({ error: '请选择投注号码' })
  .max(MAX_BET_CODES_LENGTH, '投注号码过长')
  .describe('Bet codes, e.g. "4,10,17" or "1:03,07|2:05"');
const multiple = z
  .number({ error: `倍数须为1-${MAX_MULTIPLE}的整数` })
  .int(`倍数须为1-${MAX_MULTIPLE}的整数`)
  .min(1, `倍数须为1-${MAX_MULTIPLE}的整数`)
  .max(MAX_MULTIPLE, `倍数须为1-${MAX_MULTIPLE}的整数`);
const unitMode = z
  .enum(['yuan', 'jiao', 'fen'], { error: '投注单位须为 yuan、jiao 或 fen' })
  .describe('Stake per item: yuan 2.00, jiao 0.20, fen 0.02');
const id = (name: string) =>
  z
    .number({ error: `${name}须为数字` })
    .int(`${name}须为整数`)
    .positive(`${name}须为正数`)
    .max(2_147_483_647, `${name}无效`);
const queryId = (name: string) =>
  z.coerce
    .number({ error: `${name}须为数字` })
    .int(`${name}须为整数`)
    .positive(`${name}须为正数`)
    .max(2_147_483_647, `${name}无效`);
const page = z.coerce.number({ error: '页码须为数字' }).int().min(1, '页码须从1开始').max(100_000).default(1);
const perPage = z.coerce
  .number({ error: '每页数量须为数字' })
  .int()
  .min(1)
  .max(100, '每页最多100条')
  .default(20);

export const lotteryFamilyQuery = z.object({
  type: z
    .enum(FAMILY_CODES, { error: '彩种分类不存在' })
    .optional()
    .describe('Family: k3, pk10, ssc, 11x5, lhc'),
});
export const lotteryCodeQuery = z.object({ code: lotteryCode });
export const lotteryPeriodQuery = z.object({ code: lotteryCode, expect: expectNumber });
export const lotteryPeriodOptionalQuery = z.object({ code: lotteryCode, expect: expectNumber.optional() });
export const lotteryHistoryQuery = z.object({ code: lotteryCode, page, per_page: perPage });
export const lotteryTrendQuery = z.object({
  code: lotteryCode,
  limit: z.coerce
    .number({ error: '期数须为数字' })
    .int()
    .min(10, '期数须为10-200')
    .max(200, '期数须为10-200')
    .default(50),
});
export const playDetailQuery = z.object({ code: lotteryCode, play_code: playCode });

export const betCodesBody = z
  .object({
    lottery_code: lotteryCode,
    play_code: playCode,
    bet_codes: betCodes,
    multiple: multiple.default(1),
    unit: unitMode.default('yuan'),
  })
  .meta({ id: 'LotteryBetCodes' });
export type BetCodesBody = z.infer<typeof betCodesBody>;

export const lotteryBetLine = z.object({
  play_code: playCode,
  bet_codes: betCodes,
  multiple,
  unit: unitMode.default('yuan'),
});

export const lotteryBetCreateBody = z
  .object({
    lottery_code: lotteryCode,
    expect: expectNumber,
    bets: z.array(lotteryBetLine, { error: '请添加投注' }).min(1, '请添加投注').max(50, '一次最多提交50注单'),
    total_amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, '投注金额格式不正确')
      .optional()
      .describe('Total the member was shown; refused when it differs from the computed amount'),
  })
  .meta({ id: 'LotteryBetCreate' });
export type LotteryBetCreateBody = z.infer<typeof lotteryBetCreateBody>;

export const lotteryBetCancelBody = z.object({ bet_id: id('注单ID') });
export const lotteryBetBatchCancelBody = z.object({
  bet_ids: z
    .array(id('注单ID'), { error: '请选择要撤销的注单' })
    .min(1, '请选择要撤销的注单')
    .max(50, '一次最多撤销50注单'),
});
export const lotteryBetListQuery = z.object({
  code: lotteryCode.optional(),
  expect: expectNumber.optional(),
  status: z.enum([...LOTTERY_BET_STATUSES, 'settled'], { error: '注单状态不正确' }).optional(),
  page,
  per_page: perPage,
});
export const lotteryBetDetailQuery = z.object({ bet_id: queryId('注单ID') });
export const lotteryBetStatsQuery = z.object({ code: lotteryCode.optional() });
export const lotteryNoticeQuery = z.object({ page, per_page: perPage });

/** Transfer between the main wallet and the lottery wallet (0 transfers out everything). */
export const lotteryTransferBody = z.object({ amount: moneyInput });
export const lotteryAddressBody = z.object({ code: lotteryCode.optional() }).nullish();

// ---- responses ----------------------------------------------------------------------------

export const lotteryPeriodView = z
  .object({
    code: z.string(),
    expect: z.string(),
    status: z.enum(PERIOD_STATUSES),
    status_text: z.string(),
    open_at: isoDate,
    close_at: isoDate,
    draw_at: isoDate,
    commitment: z.string().describe('SHA-256 of the seed, published when the period is created'),
    seed: z.string().nullable().describe('Revealed at the draw'),
    open_code: z.string().nullable(),
    drawn_at: isoDate.nullable(),
    settled: z.boolean(),
    cancel_reason: z.string().nullable(),
  })
  .meta({ id: 'LotteryPeriod' });
export type LotteryPeriodView = z.infer<typeof lotteryPeriodView>;

export const lotteryView = z
  .object({
    code: z.string(),
    name: z.string(),
    type: z.enum(FAMILY_CODES).describe('Family (category)'),
    type_name: z.string(),
    schedule_text: z.string(),
    interval_seconds: z.number().int().nullable(),
    close_seconds: z.number().int(),
    current: lotteryPeriodView.nullable(),
    latest: lotteryPeriodView.nullable().describe('The latest drawn period'),
  })
  .meta({ id: 'Lottery' });
export type LotteryView = z.infer<typeof lotteryView>;

export const lotteryCategory = z.object({
  type: z.enum(FAMILY_CODES),
  name: z.string(),
  description: z.string(),
  count: z.number().int(),
});

export const lotteryList = z
  .object({
    list: z.array(lotteryView),
    categories: z.array(lotteryCategory),
    server_time: z.number().int(),
  })
  .meta({ id: 'LotteryList' });

export const lotteryDetail = lotteryView
  .extend({
    description: z.string(),
    positions: z.array(z.string()),
    shape: z.object({
      count: z.number().int(),
      min: z.number().int(),
      max: z.number().int(),
      distinct: z.boolean(),
      width: z.number().int(),
    }),
    play_count: z.number().int(),
    server_time: z.number().int(),
  })
  .meta({ id: 'LotteryDetail' });

export const lotteryCurrentExpect = z
  .object({
    code: z.string(),
    current: lotteryPeriodView
      .nullable()
      .describe('The period open for bets now (or closed, awaiting its draw)'),
    previous: lotteryPeriodView.nullable(),
    next: lotteryPeriodView.nullable(),
    server_time: z.number().int(),
  })
  .meta({ id: 'LotteryCurrentExpect' });

export const lotterySettlementStats = z
  .object({
    code: z.string(),
    expect: z.string(),
    status: z.enum(PERIOD_STATUSES),
    settled: z.boolean(),
    bets: z.number().int(),
    pending: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    cancelled: z.number().int(),
    refunded: z.number().int(),
    settled_at: isoDate.nullable(),
  })
  .meta({ id: 'LotterySettlementStats' });

export const lotteryVerification = z
  .object({
    code: z.string(),
    type: z.enum(FAMILY_CODES),
    expect: z.string(),
    commitment: z.string(),
    seed: z.string().nullable(),
    open_code: z.string().nullable(),
    recomputed_open_code: z.string().nullable(),
    verified: z.boolean(),
    message: z.string(),
    algorithm: z.string(),
  })
  .meta({ id: 'LotteryVerification' });

const pickFieldView = z.object({
  label: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string(), value: z.number() })),
  numeric: z.boolean(),
  minPicks: z.number().int(),
  maxPicks: z.number().int(),
  exclusive: z.array(z.tuple([z.string(), z.string()])),
});
/** A play as the engine describes it (playInfo): the client builds its pickers from `input`. */
export const lotteryPlayView = z
  .object({
    code: z.string(),
    family: z.enum(FAMILY_CODES),
    group: z.string(),
    name: z.string(),
    rule: z.string(),
    example: z.string(),
    input: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('picks'), field: pickFieldView }),
      z.object({
        kind: z.literal('positions'),
        positions: z.array(z.object({ position: z.number().int(), label: z.string() })),
        field: pickFieldView,
      }),
      z.object({ kind: z.literal('groups'), groups: z.array(pickFieldView) }),
    ]),
    odds: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        oddsX100: z.number().int(),
        odds: z.string(),
        probability: z.string(),
      }),
    ),
  })
  .meta({ id: 'LotteryPlay' });
export type LotteryPlayView = z.infer<typeof lotteryPlayView>;

export const lotteryPlayGroups = z
  .object({
    code: z.string(),
    type: z.enum(FAMILY_CODES),
    expect: z.string().nullable().describe('Period whose play context (六合彩 zodiac year) the plays follow'),
    groups: z.array(z.object({ group: z.string(), plays: z.array(lotteryPlayView) })),
  })
  .meta({ id: 'LotteryPlayGroups' });

export const itemCountResult = z.object({
  item_count: z.number().int(),
  amount: moneyString,
  codes: z.string().describe('Canonical bet codes'),
});
export const betCodesValidation = z.object({
  valid: z.boolean(),
  message: z.string().nullable(),
  bad_code: z.string().nullable().describe('The code the message names'),
  codes: z.string().nullable(),
  item_count: z.number().int(),
});

export const lotteryBetView = z
  .object({
    id: z.number().int(),
    bet_no: z.string(),
    lottery_code: z.string(),
    lottery_name: z.string(),
    expect: z.string(),
    play_code: z.string(),
    play_name: z.string(),
    play_group: z.string(),
    bet_codes: z.string(),
    item_count: z.number().int(),
    multiple: z.number().int(),
    unit: z.enum(['yuan', 'jiao', 'fen']),
    amount: moneyString,
    odds: z.record(z.string(), z.string()).describe('Odds fixed at acceptance, by odds line'),
    status: z.enum(LOTTERY_BET_STATUSES),
    status_text: z.string(),
    payout: moneyString,
    winning_items: z.number().int(),
    open_code: z.string().nullable(),
    cancellable: z.boolean(),
    cancel_reason: z.string().nullable(),
    void_by: z
      .enum(VOID_BY_LABELS)
      .nullable()
      .describe(
        'Who cancelled or refunded the bet: 本人 (the member) or 系统 (a failed draw); null otherwise',
      ),
    voided_at: isoDate.nullable().describe('When it was cancelled or refunded'),
    created_at: isoDate,
    settled_at: isoDate.nullable(),
  })
  .meta({ id: 'LotteryBet' });
export type LotteryBetView = z.infer<typeof lotteryBetView>;

export const lotteryBetDetail = lotteryBetView
  .extend({
    period: lotteryPeriodView,
    lines: z.array(
      z.object({ key: z.string(), label: z.string(), count: z.number().int(), odds: z.string() }),
    ),
  })
  .meta({ id: 'LotteryBetDetail' });

export const lotteryBetCreateResult = z
  .object({
    bets: z.array(lotteryBetView),
    total_amount: moneyString,
    balance: moneyString.describe('Lottery wallet after the stake was taken'),
  })
  .meta({ id: 'LotteryBetCreateResult' });

export const lotteryBetCancelResult = z.object({
  bet: lotteryBetView,
  balance: moneyString.describe('Lottery wallet after the refund'),
});
export const lotteryBatchCancelResult = z.object({
  results: z.array(z.object({ bet_id: z.number().int(), ok: z.boolean(), message: z.string() })),
  cancelled: z.number().int(),
  refunded: moneyString,
  balance: moneyString,
});
export const lotteryBetPage = paginated(lotteryBetView);

export const lotteryBetStats = z
  .object({
    total_count: z.number().int(),
    total_amount: moneyString,
    pending_count: z.number().int(),
    pending_amount: moneyString,
    won_count: z.number().int(),
    lost_count: z.number().int(),
    cancelled_count: z.number().int(),
    payout: moneyString,
    profit: moneyString.describe('Payout minus the stake of settled bets'),
  })
  .meta({ id: 'LotteryBetStats' });

const missingStatView = z.object({
  value: z.number().int(),
  current: z.number().int(),
  max: z.number().int(),
  hits: z.number().int(),
});
export const lotteryTrend = z
  .object({
    code: z.string(),
    type: z.enum(FAMILY_CODES),
    positions: z.array(z.string()),
    history: z.array(
      z.object({ expect: z.string(), open_code: z.string(), numbers: z.array(z.number().int()) }),
    ),
    missing: z.array(missingStatView).describe('遗漏 of each number anywhere in the draw'),
    position_missing: z.array(
      z.object({ position: z.number().int(), label: z.string(), stats: z.array(missingStatView) }),
    ),
    hot_cold: z.object({
      draws: z.number().int(),
      hot: z.array(z.number().int()),
      cold: z.array(z.number().int()),
      counts: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
    }),
  })
  .meta({ id: 'LotteryTrend' });

export const lotteryNotice = z.object({
  id: z.number().int(),
  lottery_code: z.string(),
  expect: z.string(),
  title: z.string(),
  content: z.string(),
  created_at: isoDate,
});
export const lotteryNoticePage = paginated(lotteryNotice);

// ---- games (/v1/game/lottery/*) --------------------------------------------------------------

export const lotteryGameList = z.object({
  list: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      type: z.enum(FAMILY_CODES),
      type_name: z.string(),
      path: z.string().describe('Hash route of the game page'),
    }),
  ),
});
export const lotteryWalletBalance = z
  .object({
    balance: moneyString.describe('Lottery wallet'),
    main_balance: moneyString,
    lottery_token: z.string().nullable(),
    auto_transfer: z.boolean().describe('自动转入: a bet takes its stake from the main wallet'),
  })
  .meta({ id: 'LotteryWalletBalance' });
export const lotteryAutoTransferBody = z.object({
  enabled: z.boolean({ error: 'enabled 须为 true 或 false' }),
});
export const lotteryAutoTransferResult = z.object({ auto_transfer: z.boolean() });
export const lotteryAddress = z.object({ url: z.string(), lottery_token: z.string() });
export const lotteryTransferResult = z
  .object({
    direction: z.enum(['in', 'out']),
    amount: moneyString,
    main_balance: moneyString,
    lottery_balance: moneyString,
  })
  .meta({ id: 'LotteryTransferResult' });
export const lotteryTokenResult = z.object({ lottery_token: z.string() });

// ---- events ---------------------------------------------------------------------------------

export const lotteryPeriodEvent = z.object({
  code: z.string(),
  period: z.string(),
  status: z.enum(PERIOD_STATUSES),
  open_at: z.number().int(),
  close_at: z.number().int(),
  draw_at: z.number().int(),
  commitment: z.string(),
});
export type LotteryPeriodEvent = z.infer<typeof lotteryPeriodEvent>;
export const lotteryDrawnEvent = z.object({
  code: z.string(),
  period: z.string(),
  open_code: z.string(),
  seed: z.string(),
  commitment: z.string(),
  drawn_at: z.number().int(),
});
export type LotteryDrawnEvent = z.infer<typeof lotteryDrawnEvent>;
export const lotteryCancelledEvent = z.object({ code: z.string(), period: z.string(), reason: z.string() });
export type LotteryCancelledEvent = z.infer<typeof lotteryCancelledEvent>;
export const lotterySettledEvent = z.object({ code: z.string(), period: z.string(), bets: z.number().int() });
export type LotterySettledEvent = z.infer<typeof lotterySettledEvent>;

// ---- types the client reads ---------------------------------------------------------------

export type LotteryListView = z.infer<typeof lotteryList>;
export type LotteryDetailView = z.infer<typeof lotteryDetail>;
export type LotteryCurrentExpectView = z.infer<typeof lotteryCurrentExpect>;
export type LotteryPlayGroupsView = z.infer<typeof lotteryPlayGroups>;
export type LotteryTrendView = z.infer<typeof lotteryTrend>;
export type LotteryVerificationView = z.infer<typeof lotteryVerification>;
export type LotteryBetDetailView = z.infer<typeof lotteryBetDetail>;
export type LotteryBetCreateResult = z.infer<typeof lotteryBetCreateResult>;
export type LotteryBatchCancelResult = z.infer<typeof lotteryBatchCancelResult>;
export type LotteryBetCancelResult = z.infer<typeof lotteryBetCancelResult>;
export type LotteryBetStatsView = z.infer<typeof lotteryBetStats>;
export type LotteryWalletBalanceView = z.infer<typeof lotteryWalletBalance>;
export type LotteryTransferResultView = z.infer<typeof lotteryTransferResult>;
export type LotterySettlementStatsView = z.infer<typeof lotterySettlementStats>;
