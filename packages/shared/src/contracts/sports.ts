import { z } from 'zod';
import { orderFreeBetView } from './free-bets.ts';
import { BET_MODES } from '../domain/sports/validation.ts';
import { BET_TYPES, type PlayTypeId } from '../domain/sports/play-types.ts';
import { isoDate, moneyString, paginated } from './common.ts';
import { VOID_BY_LABELS } from '../domain/void-trace.ts';

/** sport_type query parameter: 1 football, 2 basketball (SPEC.md §3: unknown counts as football). */
export const sportTypeParam = z.coerce
  .number({ error: 'sport_type 须为数字' })
  .int('sport_type 须为整数')
  .min(1, 'sport_type 须为1-4')
  .max(4, 'sport_type 须为1-4')
  .default(1);

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD')
  .describe('Beijing date, YYYY-MM-DD');

export const matchListQuery = z.object({
  sport_type: sportTypeParam,
  date: dateParam.optional(),
  league_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['scheduled', 'live', 'finished', 'postponed', 'cancelled']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

// ---- in-play (滚球) preferences ------------------------------------------------------------

/** What a member accepts when odds move between the slip and the decision (docs/decisions/017). */
export const ODDS_POLICIES = ['any', 'higher', 'none'] as const;
export type OddsPolicy = (typeof ODDS_POLICIES)[number];
export const ODDS_POLICY_TEXT: Record<OddsPolicy, string> = {
  any: '接受任何赔率变化',
  higher: '仅接受更高赔率',
  none: '不接受赔率变化',
};
export const DEFAULT_ODDS_POLICY: OddsPolicy = 'higher';

/** Play types offered in play (滚球); while a match is live its `markets` hold only these. */
export const IN_PLAY_PLAY_TYPES: readonly PlayTypeId[] = [
  'football.winDrawLose',
  'football.handicap',
  'football.totalGoals',
  'basketball.win-lose',
  'basketball.handicap',
  'basketball.total-score',
];

export const oddsPolicySchema = z.enum(ODDS_POLICIES, { error: '赔率变化设置须为 any、higher 或 none' });

export const sportsPreferencesBody = z
  .object({ odds_policy: oddsPolicySchema })
  .meta({ id: 'SportsPreferencesBody' });
export type SportsPreferencesBody = z.infer<typeof sportsPreferencesBody>;

export const sportsPreferences = z
  .object({
    odds_policy: oddsPolicySchema,
    bet_delay_seconds: z
      .object({ football: z.number(), basketball: z.number() })
      .describe('How long an in-play bet waits before it is decided, per sport'),
  })
  .meta({ id: 'SportsPreferences' });
export type SportsPreferences = z.infer<typeof sportsPreferences>;

export const matchIdParam = z.object({
  id: z.coerce
    .number({ error: '比赛ID须为数字' })
    .int('比赛ID须为整数')
    .positive('比赛ID须为正数')
    .max(2_147_483_647),
});

export const betTypeQuery = z.object({ betType: z.enum(BET_TYPES, { error: '玩法不存在' }).optional() });

export const teamSummary = z.object({ id: z.number().int(), name: z.string() });
export const leagueSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  short_name: z.string(),
  color: z.string(),
});

export const marketView = z
  .object({
    play_type: z.string().describe('football.winDrawLose, basketball.handicap, ...'),
    bet_type: z.string().describe('winDrawLose, handicap, win-lose, ...'),
    name: z.string(),
    max_passes: z.number().int(),
    line: z.string().nullable(),
    single: z
      .boolean()
      .describe('单关: a bet on this match alone is taken; false: only in parlays of two matches or more'),
    version: z.number().int(),
    options: z.array(z.object({ key: z.string(), name: z.string(), odds: z.string() })),
    updated_at: isoDate,
    /** Closed to new bets by an operator (the market or its whole match); options show greyed out. */
    suspended: z.boolean().optional(),
  })
  .meta({ id: 'Market' });
export type MarketView = z.infer<typeof marketView>;

export const matchSummary = z
  .object({
    id: z.number().int(),
    sport_type: z.number().int(),
    sport: z.enum(['football', 'basketball']),
    match_no: z.string(),
    league: leagueSummary,
    home_team: teamSummary,
    away_team: teamSummary,
    kickoff_at: isoDate,
    status: z.enum(['scheduled', 'live', 'finished', 'postponed', 'cancelled']),
    status_text: z.string(),
    betting_open: z.boolean(),
    sales_close_at: isoDate.describe(
      'Sales deadline (停售): from this instant, by the server clock, the match takes no new bets',
    ),
    period: z.string(),
    minute: z.number().int().nullable(),
    clock: z.string(),
    home_score: z.number().int(),
    away_score: z.number().int(),
    half_time: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    live_betting: z
      .boolean()
      .describe('Live and its in-play markets take bets now (not suspended, not in the closing minutes)'),
    live_suspended: z.boolean().describe('In-play markets suspended right now (dangerous event)'),
    live_suspend_reason: z
      .string()
      .nullable()
      .describe("Why in-play markets are suspended: '进球' | '红牌' | '点球' | '比赛末段' | '节末' …"),
    markets: z
      .array(marketView)
      .describe('Only the requested bet type, or all; while live, the in-play markets only'),
  })
  .meta({ id: 'MatchSummary' });
export type MatchSummaryView = z.infer<typeof matchSummary>;

export const matchDetail = matchSummary
  .extend({
    periods: z.array(z.object({ home: z.number().int(), away: z.number().int() })),
    events: z.array(
      z.object({
        minute: z.number(),
        type: z.string(),
        side: z.enum(['home', 'away']).nullable(),
        text: z.string(),
      }),
    ),
    stats: z.record(z.string(), z.tuple([z.number(), z.number()])),
    settled: z.boolean(),
  })
  .meta({ id: 'MatchDetail' });

export const matchPage = paginated(matchSummary).extend({
  server_time: z
    .number()
    .int()
    .optional()
    .describe('Server clock when the list was read (ms since the epoch): clients time sales deadlines by it'),
});

export const matchStatistics = z
  .object({
    sport_type: z.number().int(),
    date: z.string().nullable(),
    total: z.number().int(),
    by_status: z.record(z.string(), z.number().int()),
    by_league: z.array(z.object({ league_id: z.number().int(), name: z.string(), count: z.number().int() })),
    dates: z.array(z.object({ date: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'MatchStatistics' });

export const leagueView = leagueSummary.extend({
  sport_type: z.number().int(),
  country: z.string(),
  open_matches: z.number().int(),
});

export const playView = z
  .object({
    play_type: z.string(),
    bet_type: z.string(),
    sport_type: z.number().int(),
    name: z.string(),
    max_passes: z.number().int(),
    has_line: z.boolean(),
    options: z.array(z.object({ key: z.string(), name: z.string() })),
  })
  .meta({ id: 'Play' });

// ---- orders -------------------------------------------------------------------------------

export const orderSubmitBody = z
  .object({
    sport_type: z.coerce
      .number({ error: '请选择运动项目' })
      .int('请选择运动项目')
      .min(1, '仅支持足球和篮球')
      .max(2, '仅支持足球和篮球'),
    bet_mode: z.enum(BET_MODES, { error: 'bet_mode 须为 single 或 mixed' }),
    pass_type: z
      .string()
      .max(16)
      .optional()
      .describe("'single', '3x4', '3串4' or 'TRIPLE_4'; required in mixed mode"),
    multiple: z.number({ error: '倍数须为1-99的整数' }).int('倍数须为1-99的整数'),
    multiples: z
      .array(z.number({ error: '倍数须为1-99的整数' }).int('倍数须为1-99的整数'), {
        error: '奖金优化方案格式不正确',
      })
      .min(2, '奖金优化方案格式不正确')
      .max(200, '奖金优化最多支持200注')
      .optional()
      .describe(
        "奖金优化: each bet's multiple (1–99) in the slip's bet order; the stake is Σ × 2元 and `multiple` is 1",
      ),
    total_amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, '投注金额格式不正确')
      .optional()
      .describe('Total the member was shown; refused when it differs from the computed stake'),
    free_bet_id: z
      .number({ error: '免费投注券ID须为数字' })
      .int('免费投注券ID须为整数')
      .positive('免费投注券ID须为正数')
      .max(2_147_483_647, '免费投注券ID无效')
      .optional()
      .describe('免费投注券: the ticket that is the whole stake (the member pays nothing)'),
    selections: z
      .array(
        z.object({
          match_id: z.coerce.number({ error: '比赛ID须为数字' }).int().positive().max(2_147_483_647),
          bet_type: z.enum(BET_TYPES, { error: '玩法不存在' }),
          option: z.string({ error: '请选择投注选项' }).min(1).max(16),
          odds: z.string({ error: '赔率格式不正确' }).regex(/^\d{1,5}(\.\d{1,2})?$/, '赔率格式不正确'),
          line: z
            .string()
            .max(16)
            .nullish()
            .describe(
              'Handicap or total line the member saw; a different current line is refused like changed odds',
            ),
        }),
        { error: '请选择投注选项' },
      )
      .min(1, '请选择投注选项')
      .max(200, '投注选项过多'),
  })
  .meta({ id: 'OrderSubmit' });
export type OrderSubmitBody = z.infer<typeof orderSubmitBody>;

export const orderSubmitResult = z
  .object({
    order_id: z.number().int(),
    order_no: z.string(),
    bet_count: z.number().int(),
    total_amount: moneyString,
    max_prize: moneyString,
    pass_type: z.string(),
    pass_type_name: z.string(),
    status: z
      .enum(['pending', 'confirming'])
      .describe("'confirming' when the order has an in-play leg: decided when the bet delay ends"),
    balance: moneyString.describe('Main balance after the stake was taken'),
    created_at: isoDate,
    accept_at: isoDate.nullable().describe('When the bet delay ends; null for an all-pre-match order'),
    boost: z
      .object({ name: z.string(), rate_text: z.string() })
      .nullable()
      .describe('加奖 campaign the order got (paid on its prize if it wins), or null'),
    free_bet: orderFreeBetView.nullable().describe('免费投注券 that staked the order, or null'),
  })
  .meta({ id: 'OrderSubmitResult' });

export const oddsChange = z.object({
  match_id: z.number().int(),
  bet_type: z.string(),
  option: z.string(),
  old_odds: z.string(),
  new_odds: z.string().nullable(),
  old_line: z.string().nullable().optional(),
  new_line: z.string().nullable().optional(),
  direction: z.enum(['up', 'down', 'line']).describe('How it moved: odds up, odds down, or the line changed'),
});
export type OddsChange = z.infer<typeof oddsChange>;

export const orderLegView = z.object({
  id: z.number().int(),
  match: z.object({
    id: z.number().int(),
    match_no: z.string(),
    league: z.string(),
    home_team: z.string(),
    away_team: z.string(),
    kickoff_at: isoDate,
    status: z.string(),
    home_score: z.number().int(),
    away_score: z.number().int(),
    half_time: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  }),
  play_type: z.string(),
  play_name: z.string(),
  option: z.string(),
  option_name: z.string(),
  odds: z.string(),
  line: z.string().nullable(),
  status: z.enum(['pending', 'won', 'lost', 'void']),
  in_play: z.boolean().describe('Placed while the match was live (滚球)'),
});

/**
 * 'confirming' (投注确认中): an in-play order in its bet delay; 'rejected' (投注被拒): refused and
 * refunded; 'cashed_out' (已提前结算): closed by the member for the book's offer (its payout).
 */
export const ORDER_STATUSES = [
  'confirming',
  'pending',
  'won',
  'lost',
  'refunded',
  'rejected',
  'cashed_out',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const orderSummary = z
  .object({
    id: z.number().int(),
    order_no: z.string(),
    sport_type: z.number().int(),
    bet_mode: z.enum(['single', 'mixed']),
    pass_type: z.string(),
    pass_type_name: z.string(),
    multiple: z.number().int(),
    optimised: z
      .boolean()
      .describe('奖金优化: each bet carries its own multiple (see the combination details)'),
    match_count: z.number().int(),
    bet_count: z.number().int(),
    total_amount: moneyString,
    max_prize: moneyString,
    payout: moneyString,
    status: z.enum(ORDER_STATUSES),
    status_text: z.string(),
    created_at: isoDate,
    settled_at: isoDate.nullable(),
    accept_at: isoDate.nullable().describe('When an in-play order’s bet delay ends (null for pre-match)'),
    reject_reason: z.string().nullable().describe("Why an in-play order was refused, e.g. '赔率已变化'"),
    cashed_out_stake: moneyString.describe(
      '部分提前结算: the stake of the shares cashed out (total_amount is the stake still in play)',
    ),
    cashed_out_amount: moneyString.describe('What those shares paid'),
    void_action: z
      .enum(['作废', '重新结算'])
      .nullable()
      .describe('The latest void or resettle of a match the order has a leg on (null: none)'),
    void_by: z
      .enum(VOID_BY_LABELS)
      .nullable()
      .describe(
        'Who did it: 运营人员 (an operator, never named to the member) or 系统 (the feed, the 36 h rule)',
      ),
    void_reason: z.string().nullable().describe("Why, e.g. '赛事取消'"),
    voided_at: isoDate.nullable(),
  })
  .meta({ id: 'OrderSummary' });

export const orderBoostView = z.object({
  name: z.string(),
  rate_text: z.string(),
  cap_per_order: moneyString,
  status: z
    .enum(['pending', 'paid', 'none', 'budget_out', 'excluded'])
    .describe("'budget_out': the campaign's budget ran out first (amount: what was left)"),
  amount: moneyString,
});

export const orderDetail = orderSummary
  .extend({
    legs: z.array(orderLegView),
    boost: orderBoostView.nullable().describe('加奖 the order got, and what it paid'),
    free_bet: orderFreeBetView.nullable().describe('免费投注券 that staked the order'),
    follow: z
      .object({
        post_id: z.number().int().nullable().describe('Its own 晒单, once published'),
        copied_from: z.number().int().nullable().describe('The 晒单 it copies (跟单)'),
      })
      .describe('跟单'),
    syndicate_id: z
      .number()
      .int()
      .nullable()
      .describe(
        '合买: the plan this order was placed for (staked by its holders, its payout split among them)',
      ),
  })
  .meta({ id: 'OrderDetail' });

/** A running 加奖 campaign that covers the member (the slip shows the one for its pass type). */
export const boostView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sport: z.enum(['football', 'basketball']).nullable(),
    pass_types: z.array(z.string()).describe('Pass type codes covered; empty: every pass type'),
    starts_at: isoDate,
    ends_at: isoDate,
    vip_min: z.number().int().nullable(),
    tag: z.string().nullable(),
    rate_bp: z.number().int(),
    rate_text: z.string(),
    cap_per_order: moneyString,
  })
  .meta({ id: 'Boost' });

export const orderHistoryQuery = z.object({
  status: z.enum([...ORDER_STATUSES, 'settled']).optional(),
  sport_type: z.coerce.number().int().min(1).max(2).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const orderNoParam = z.object({
  orderNo: z.string().regex(/^[A-Z0-9]{8,32}$/, '订单号格式不正确'),
});

export const comboQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, 'status 须为 0（待开奖）、1（中奖）或 2（未中奖）')
    .optional(),
});

export const comboView = z.object({
  index: z.number().int().describe('Position among all the order’s bets, from 1'),
  size: z.number().int(),
  legs: z.array(
    z.object({
      match_no: z.string(),
      teams: z.string(),
      option_name: z.string(),
      odds: z.string(),
      status: z.string(),
    }),
  ),
  status: z.enum(['pending', 'won', 'lost', 'void']),
  status_code: z.number().int(),
  prize: moneyString.describe('What the bet pays (won or void), else 0.00'),
  potential_prize: moneyString,
  multiple: z.number().int().describe("The bet's multiple (its own in an optimised order)"),
});

export const comboStats = z
  .object({
    total: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    void: z.number().int(),
    pending: z.number().int(),
    payout: moneyString,
  })
  .meta({ id: 'ComboStats' });

export const liveIntelligence = z
  .object({
    match_id: z.number().int(),
    home_form: z.array(z.enum(['W', 'D', 'L'])),
    away_form: z.array(z.enum(['W', 'D', 'L'])),
    head_to_head: z.array(
      z.object({ date: isoDate, home_team: z.string(), away_team: z.string(), score: z.string() }),
    ),
    home_goals_avg: z.string(),
    away_goals_avg: z.string(),
    notes: z.array(z.string()),
  })
  .meta({ id: 'LiveIntelligence' });

export const liveMissing = z
  .object({
    match_id: z.number().int(),
    home: z.array(z.object({ reason: z.string(), detail: z.string() })),
    away: z.array(z.object({ reason: z.string(), detail: z.string() })),
  })
  .meta({ id: 'LiveMissing' });
