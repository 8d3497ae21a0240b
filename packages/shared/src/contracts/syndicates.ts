import { z } from 'zod';
import {
  SYNDICATE_MAX_COMMISSION_BP,
  SYNDICATE_MAX_SHARES,
  SYNDICATE_STATUS_KEYS,
  SYNDICATE_VISIBILITY_KEYS,
} from '../domain/syndicate.ts';
import { isoDate, moneyString, pageQuery, paginated } from './common.ts';
import { expectNumber, lotteryBetLine, lotteryCode } from './lottery.ts';
import { orderLegView, orderSubmitBody } from './sports.ts';

/** 合买 (issue 39, point 2): a 竞彩 slip bought together in shares; docs/decisions/034-syndicates.md. */

const shareCount = (what: string) =>
  z
    .number({ error: `${what}须为整数` })
    .int(`${what}须为整数`)
    .min(0, `${what}不能为负数`)
    .max(SYNDICATE_MAX_SHARES, `${what}过多`);

export const syndicateCreateBody = z
  .object({
    slip: orderSubmitBody
      .omit({ free_bet_id: true })
      .optional()
      .describe(
        'The 竞彩 slip, as an order submit (the order is placed when the plan is full or at its deadline)',
      ),
    lottery: z
      .object({
        lottery_code: lotteryCode,
        expect: expectNumber,
        bets: z
          .array(lotteryBetLine, { error: '请添加投注' })
          .min(1, '请添加投注')
          .max(50, '一次最多提交50注单'),
      })
      .optional()
      .describe(
        'Or lottery lines on one period (the bets are placed when the plan is full or just before 封盘)',
      ),
    shares: shareCount('份数')
      .min(1, '份数至少为1')
      .describe('Shares the total is split into (每份至少1元, 精确到分)'),
    buy_shares: shareCount('认购份数').min(1, '发起人至少认购1份').describe("The initiator's own shares"),
    guarantee_shares: shareCount('保底份数')
      .default(0)
      .describe('保底: shares the initiator will buy of what is unsold at the deadline (frozen now)'),
    commission_bp: z
      .number({ error: '佣金比例须为0-10%' })
      .int('佣金比例须为0-10%')
      .min(0, '佣金比例须为0-10%')
      .max(SYNDICATE_MAX_COMMISSION_BP, '佣金比例须为0-10%')
      .default(0)
      .describe("The initiator's commission on a winning plan's profit, in basis points (0–1000)"),
    visibility: z
      .enum(SYNDICATE_VISIBILITY_KEYS, { error: '请选择方案保密方式' })
      .default('public')
      .describe('公开 / 跟单者可见 (holders) / 截止后公开 / 完全保密'),
    title: z.string().trim().max(200, '方案宣言最多200个字').default('').describe('方案宣言'),
  })
  .refine((b) => (b.slip === undefined) !== (b.lottery === undefined), {
    message: '请提供竞彩方案或彩票方案（二选一）',
  })
  .meta({ id: 'SyndicateCreate' });
export type SyndicateCreateBody = z.infer<typeof syndicateCreateBody>;

export const syndicateParam = z.object({
  id: z.coerce
    .number({ error: '方案ID须为数字' })
    .int('方案ID无效')
    .positive('方案ID无效')
    .max(2_147_483_647, '方案ID无效'),
});

export const syndicateBuyBody = z.object({
  shares: shareCount('认购份数').min(1, '认购份数至少为1'),
});

export const syndicateListQuery = pageQuery.extend({
  sort: z.enum(['hot', 'newest', 'progress'], { error: '排序方式不正确' }).default('hot'),
  mine: z
    .enum(['0', '1'], { error: 'mine 须为 0 或 1' })
    .optional()
    .describe('1: plans I started or bought shares of, every status'),
});

const recordView = z.object({
  decided_30d: z.number().int(),
  won_30d: z.number().int(),
  hit_rate_30d: z.number().int().nullable().describe('Won of decided plans, whole percent'),
  return_rate_30d: z.number().int().nullable().describe('(payouts − totals) / totals, whole percent'),
  streak: z.number().int().describe('连红'),
});

export const syndicateView = z
  .object({
    id: z.number().int(),
    plan_no: z.string(),
    initiator: z.string().describe("The initiator's name as members see it (masked)"),
    mine: z.boolean().describe('I started it'),
    title: z.string(),
    sport_type: z.number().int(),
    pass_type: z.string(),
    pass_type_name: z.string(),
    multiple: z.number().int(),
    bet_count: z.number().int(),
    total_amount: moneyString,
    shares: z.number().int(),
    share_price: moneyString,
    sold_shares: z.number().int().describe("Shares bought, the initiator's included"),
    progress: z.number().int().describe('Sold of all shares, whole percent'),
    guarantee_shares: z.number().int().describe('保底 still frozen, in shares'),
    commission_bp: z.number().int(),
    visibility: z.enum(SYNDICATE_VISIBILITY_KEYS),
    visibility_text: z.string(),
    status: z.enum(SYNDICATE_STATUS_KEYS),
    status_text: z.string(),
    deadline_at: isoDate.describe('Shares sell until then; the plan is decided at that moment'),
    max_prize: moneyString.describe(
      'At the odds when it was started (the order is placed at the odds then current)',
    ),
    payout: moneyString,
    commission: moneyString,
    fail_reason: z.string().nullable(),
    participants: z.number().int(),
    my_shares: z.number().int(),
    my_amount: moneyString,
    my_payout: moneyString,
    order_no: z.string().nullable().describe("The placed order (the initiator's order number)"),
    selections_visible: z.boolean(),
    game: z.enum(['sports', 'lottery']),
    legs: z.array(orderLegView).describe('Empty when the plan keeps its selections from this member'),
    lottery: z
      .object({
        lottery_code: z.string(),
        lottery_name: z.string(),
        expect: z.string(),
        lines: z
          .array(
            z.object({
              play_name: z.string(),
              bet_codes: z.string(),
              item_count: z.number().int(),
              multiple: z.number().int(),
              unit: z.string(),
              amount: moneyString,
              status: z.string(),
              payout: moneyString,
            }),
          )
          .describe('Empty when the plan keeps its selections from this member'),
      })
      .nullable()
      .describe('A lottery plan: its lottery, period and lines'),
    record: recordView.describe("The initiator's 30-day 战绩 of plans"),
    created_at: isoDate,
  })
  .meta({ id: 'Syndicate' });
export type SyndicateView = z.infer<typeof syndicateView>;

export const syndicateDetail = syndicateView
  .extend({
    holders: z.array(
      z.object({
        member: z.string().describe('Masked'),
        initiator: z.boolean(),
        shares: z.number().int(),
        amount: moneyString,
        payout: moneyString,
      }),
    ),
    split_rule: z.string(),
  })
  .meta({ id: 'SyndicateDetail' });

export const syndicatePage = paginated(syndicateView);
export const syndicateMoneyResult = z.object({
  plan: syndicateDetail,
  balance: moneyString.describe('The main wallet after the freeze'),
});
