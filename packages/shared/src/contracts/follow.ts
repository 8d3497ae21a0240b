import { z } from 'zod';
import { FOLLOW_MAX_COMMISSION_BP } from '../domain/sports/follow.ts';
import { isoDate, moneyInput, moneyString, pageQuery, paginated } from './common.ts';
import { orderLegView, orderSubmitResult } from './sports.ts';

/** 跟单 (issue 39, point 3): 晒单 an open 竞彩 order; others copy it with their own multiple. */

export const followPostBody = z.object({
  order_no: z.string({ error: '请选择要晒的注单' }).regex(/^[A-Z0-9]{8,32}$/, '订单号格式不正确'),
  comment: z.string().trim().max(200, '推荐理由最多200个字').default('').describe('推荐理由'),
  commission_bp: z
    .number({ error: '佣金比例须为0-8%' })
    .int('佣金比例须为0-8%')
    .min(0, '佣金比例须为0-8%')
    .max(FOLLOW_MAX_COMMISSION_BP, '佣金比例须为0-8%')
    .default(0)
    .describe("The publisher's share of a copier's winnings, in basis points (0–800)"),
});

export const followPostParam = z.object({
  id: z.coerce
    .number({ error: '晒单ID须为数字' })
    .int()
    .positive('晒单ID无效')
    .max(2_147_483_647, '晒单ID无效'),
});

export const followListQuery = pageQuery.extend({
  sort: z.enum(['newest', 'hot'], { error: '排序方式不正确' }).default('newest'),
  mine: z.enum(['0', '1'], { error: 'mine 须为 0 或 1' }).optional().describe('1: only my own 晒单'),
});

export const followCopyBody = z.object({
  multiple: z
    .number({ error: '倍数须为1-99的整数' })
    .int('倍数须为1-99的整数')
    .min(1, '倍数须为1-99的整数')
    .max(99, '倍数须为1-99的整数'),
  total_amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, '投注金额格式不正确')
    .optional()
    .describe('What the member was shown; refused when it differs'),
});

export const followPostView = z
  .object({
    id: z.number().int(),
    publisher: z.string().describe("The publisher's name as members see it (masked)"),
    mine: z.boolean(),
    sport_type: z.number().int(),
    bet_mode: z.enum(['single', 'mixed']),
    pass_type: z.string(),
    pass_type_name: z.string(),
    multiple: z.number().int(),
    total_amount: moneyString.describe("The publisher's stake"),
    max_prize: moneyString,
    order_status: z.string(),
    order_status_text: z.string(),
    payout: moneyString,
    legs: z.array(orderLegView),
    comment: z.string(),
    commission_bp: z.number().int(),
    copies: z.number().int().describe('Orders copied from it'),
    copied_amount: moneyString,
    commission_earned: moneyString.describe('Commission paid to the publisher so far'),
    open: z.boolean().describe('Copyable: every match still on sale'),
    closes_at: isoDate.describe("The first match's sales close"),
    created_at: isoDate,
    record: z
      .object({
        posts_30d: z.number().int(),
        decided_30d: z.number().int(),
        won_30d: z.number().int(),
        hit_rate_30d: z
          .number()
          .int()
          .nullable()
          .describe('Won of decided, whole percent; null with none decided'),
        return_rate_30d: z
          .number()
          .int()
          .nullable()
          .describe('(payouts − stakes) / stakes of the decided, whole percent'),
        streak: z.number().int().describe('连红: consecutive wins among the latest decided'),
      })
      .describe("The publisher's 30-day 战绩 of 晒单"),
  })
  .meta({ id: 'FollowPost' });

export type FollowPost = z.infer<typeof followPostView>;
export const followPostPage = paginated(followPostView);
export const followCopyResult = orderSubmitResult;

export const followLeaderboardQuery = z.object({
  days: z.coerce
    .number({ error: '统计周期须为7或30天' })
    .pipe(z.literal([7, 30], { error: '统计周期须为7或30天' }))
    .default(30),
  sort: z.enum(['hit_rate', 'return', 'streak', 'copiers'], { error: '排行方式不正确' }).default('hit_rate'),
});

export const followLeaderboard = z
  .object({
    days: z.number().int(),
    sort: z.string(),
    list: z.array(
      z.object({
        rank: z.number().int(),
        publisher: z.string(),
        posts: z.number().int(),
        decided: z.number().int(),
        won: z.number().int(),
        hit_rate: z.number().int().nullable(),
        return_rate: z.number().int().nullable(),
        streak: z.number().int(),
        copiers: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'FollowLeaderboard' });

// ---- 定制跟单 ----

export const followSubscribeBody = z
  .object({
    post_id: z
      .number({ error: '请选择要定制的发单人' })
      .int()
      .positive('晒单ID无效')
      .max(2_147_483_647, '晒单ID无效')
      .describe('One of the publisher’s 晒单 (the subscription follows its publisher)'),
    mode: z.enum(['multiple', 'percent'], { error: '请选择跟单方式' }),
    value: z
      .number({ error: '倍数或比例须为整数' })
      .int('倍数或比例须为整数')
      .min(1, '倍数或比例至少为1')
      .max(500, '比例最多500%')
      .describe('mode multiple: the multiple (1–99); percent: % of the publisher’s multiple (10–500)'),
    daily_cap: moneyInput.describe('Most the automatic copies may stake per Beijing day, 元'),
    stop_loss: moneyInput
      .optional()
      .describe('Stop once the copies have lost this much net of their payouts, 元'),
  })
  .meta({ id: 'FollowSubscribe' });

export const followSubscriptionView = z
  .object({
    id: z.number().int(),
    publisher: z.string(),
    mode: z.enum(['multiple', 'percent']),
    mode_text: z.string(),
    value: z.number().int(),
    daily_cap: moneyString,
    stop_loss: moneyString.nullable(),
    status: z.enum(['active', 'stopped', 'cancelled']),
    status_text: z.string(),
    end_reason: z.string().nullable(),
    copies: z.number().int().describe('Automatic copies placed'),
    staked: moneyString,
    staked_today: moneyString,
    net: moneyString.describe('Payouts less stakes of the decided copies'),
    recent: z.array(
      z.object({
        post_id: z.number().int(),
        status: z.enum(['pending', 'placed', 'refused']),
        stake: moneyString.nullable(),
        reason: z.string().nullable(),
        at: isoDate,
      }),
    ),
    created_at: isoDate,
  })
  .meta({ id: 'FollowSubscription' });

export const followSubscriptionList = z.object({ list: z.array(followSubscriptionView) });

export const followSubscriptionParam = z.object({
  id: z.coerce
    .number({ error: '定制ID须为数字' })
    .int()
    .positive('定制ID无效')
    .max(2_147_483_647, '定制ID无效'),
});
