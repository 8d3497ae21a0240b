import { z } from 'zod';
import { isPassTypeCode } from '../../domain/sports/pass-types.ts';
import { isoDate, moneyInput, moneyString, pageQuery } from '../common.ts';

export const adminMatchQuery = pageQuery.extend({
  sport: z.enum(['football', 'basketball']).optional(),
  status: z.enum(['scheduled', 'live', 'finished', 'postponed', 'cancelled']).optional(),
  keyword: z.string().trim().max(50).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const adminMatchItem = z.object({
  id: z.number().int(),
  sport: z.string(),
  match_no: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff_at: isoDate,
  status: z.string(),
  clock: z.string(),
  score: z.string(),
  suspended: z.array(z.string()),
  open_orders: z.number().int(),
  open_stake: moneyString,
  corrected: z.string().nullable(),
  settled_at: isoDate.nullable(),
});

/** What the house pays if each outcome of a market happens (open singles and parlays counted at their max). */
export const outcomeLiability = z.object({
  option: z.string(),
  name: z.string(),
  odds: z.string(),
  legs: z.number().int(),
  stake: moneyString,
  /** Payout of open single bets on this option if it wins. */
  payout_if_won: moneyString,
  /** Open parlays with a leg on this option. */
  parlay_legs: z.number().int(),
  /** The most those parlays can pay if it wins: each at its max prize (their other matches may all win). */
  parlay_payout_if_won: moneyString,
  /** Singles and parlays together: the house's worst case if this option wins. */
  worst_case_payout: moneyString,
});
export const adminMarket = z.object({
  play_type: z.string(),
  name: z.string(),
  line: z.string().nullable(),
  version: z.number().int(),
  suspended: z.boolean(),
  outcomes: z.array(outcomeLiability),
});
export const adminMatchDetail = adminMatchItem.extend({
  match_suspended: z.boolean(),
  cash_out: z.boolean().describe('提前结算 on for this match (an operator may switch it off)'),
  markets: z.array(adminMarket),
  result: z.unknown().nullable(),
  void_trace: z
    .object({
      action: z.enum(['作废', '重新结算']),
      by: z
        .string()
        .describe("The operator as 'name（username）', or the process (feed:settlement, job:<name>)"),
      operator_id: z.number().int().nullable(),
      reason: z.string(),
      at: isoDate.nullable(),
    })
    .nullable()
    .describe('Who voided or resettled the match (and so its orders) and why; null: no one'),
});

export const suspendBody = z.object({
  /** A play type (e.g. football.winDrawLose), or absent for the whole match. */
  play_type: z.string().max(60).optional(),
  reason: z.string().trim().max(200).optional().default(''),
});

export const correctionBody = z.object({
  kind: z.enum(['void', 'resettle'], { error: '请选择作废或重新结算' }),
  /** resettle: the true final score (football also the half-time score). */
  home: z.number().int().min(0).max(300).optional(),
  away: z.number().int().min(0).max(300).optional(),
  ht_home: z.number().int().min(0).max(300).optional(),
  ht_away: z.number().int().min(0).max(300).optional(),
  reason: z.string({ error: '请填写原因' }).trim().min(4, '请填写原因（至少4个字）').max(200),
});
/** What a correction will do, in numbers, before it is confirmed. */
export const correctionPreview = z.object({
  /** Every order with a leg on the match, parlays still waiting for other matches included. */
  orders: z.number().int(),
  /** Of those, the orders that stay open: their leg here changes, the rest waits. */
  open_orders: z.number().int(),
  settled_orders: z.number().int(),
  refunds: z.number().int(),
  refund_amount: moneyString,
  extra_payouts: z.number().int(),
  extra_amount: moneyString,
  take_backs: z.number().int(),
  take_back_amount: moneyString,
  /** Net money to members (negative: taken back). */
  net: moneyString,
});

export const matchOrderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  member_id: z.number().int(),
  username: z.string(),
  pass_type: z.string(),
  option: z.string(),
  odds: z.string(),
  leg_status: z.string(),
  amount: moneyString,
  max_prize: moneyString,
  payout: moneyString,
  status: z.string(),
  created_at: isoDate,
});
export const matchOrdersQuery = pageQuery.extend({
  status: z.enum(['confirming', 'pending', 'won', 'lost', 'refunded', 'rejected']).optional(),
});

export const betLimitQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
});
/** A member's own sports limits (null: none of that kind). */
export const betLimitItem = z.object({
  member_id: z.number().int(),
  username: z.string(),
  max_stake: moneyString.nullable(),
  max_payout_per_match: moneyString.nullable(),
  reason: z.string(),
  updated_at: isoDate,
});
export const betLimitBody = z.object({
  /** The member's account or id. */
  member: z.string({ error: '请填写会员账号' }).trim().min(1, '请填写会员账号').max(50),
  /** The most one order may stake; null removes it. */
  max_stake: moneyInput.nullable(),
  /** The most the member may win on one match over their open orders; null removes it. */
  max_payout_per_match: moneyInput.nullable(),
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因').max(200),
});

// ---- 加奖 campaigns ----------------------------------------------------------------------------

export const boostAdminItem = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.enum(['football', 'basketball']).nullable(),
  pass_types: z.array(z.string()),
  starts_at: isoDate,
  ends_at: isoDate,
  vip_min: z.number().int().nullable(),
  tag: z.string().nullable(),
  rate_bp: z.number().int(),
  rate_text: z.string(),
  cap_per_order: moneyString,
  active: z.boolean(),
  budget: moneyString,
  spent: moneyString,
  orders: z.number().int().describe('Orders that got the campaign'),
  paid_orders: z.number().int().describe('Orders it paid'),
  created_at: isoDate,
});

const boostTime = z.iso.datetime({ offset: true, error: '时间格式不正确' });

export const boostBody = z
  .object({
    name: z.string({ error: '请填写活动名称' }).trim().min(2, '请填写活动名称').max(40, '活动名称最多40个字'),
    sport: z.enum(['football', 'basketball'], { error: '运动项目不正确' }).nullable(),
    pass_types: z
      .array(
        z
          .string()
          .max(8)
          .refine((code) => isPassTypeCode(code), '过关方式不正确'),
        { error: '过关方式不正确' },
      )
      .max(60)
      .describe("Pass type codes ('2x1', 'single'); empty: every pass type"),
    starts_at: boostTime,
    ends_at: boostTime,
    vip_min: z
      .number({ error: 'VIP等级须为0-10的整数' })
      .int('VIP等级须为0-10的整数')
      .min(0)
      .max(10)
      .nullable(),
    tag: z.string().trim().min(1).max(20, '标签最多20个字').nullable(),
    rate_bp: z
      .number({ error: '加奖比例须为0.01%-100%' })
      .int('加奖比例须为0.01%-100%')
      .min(1, '加奖比例须为0.01%-100%')
      .max(10_000, '加奖比例须为0.01%-100%')
      .describe('Basis points of the prize: 500 = 5 %'),
    cap_per_order: moneyInput.describe('Most one order receives, in 元'),
    budget: moneyInput.describe('The campaign pays until this is spent, in 元'),
    active: z.boolean({ error: '请选择是否启用' }),
  })
  .refine((b) => Date.parse(b.starts_at) < Date.parse(b.ends_at), {
    message: '结束时间须晚于开始时间',
    path: ['ends_at'],
  });

/** 提前结算 per sport: on or off, and the margin the book takes on an offer. */
export const cashOutRule = z.object({
  sport: z.enum(['football', 'basketball']),
  sport_name: z.string(),
  enabled: z.boolean(),
  margin_bp: z.number().int().describe('Basis points taken off the fair value: 500 = 5 %'),
  margin_text: z.string(),
});
export const cashOutRules = z.object({ sports: z.array(cashOutRule) });

export const cashOutRuleBody = z.object({
  sport: z.enum(['football', 'basketball'], { error: '运动项目不正确' }),
  enabled: z.boolean({ error: '请选择是否开启' }),
  margin_bp: z
    .number({ error: '提前结算抽水须为0%-50%' })
    .int('提前结算抽水须为0%-50%')
    .min(0, '提前结算抽水须为0%-50%')
    .max(5_000, '提前结算抽水须为0%-50%'),
});

export const matchCashOutBody = z.object({
  enabled: z.boolean({ error: '请选择是否开启' }),
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因').max(200, '原因最多200个字'),
});
export const matchCashOut = z.object({ match_id: z.number().int(), cash_out: z.boolean() });
