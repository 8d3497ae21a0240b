import { z } from 'zod';
import { CHASE_MAX_PERIODS } from '../domain/lottery/chase.ts';
import { MAX_MULTIPLE } from '../domain/lottery/bet-codes.ts';
import { isoDate, moneyString, pageQuery, paginated } from './common.ts';
import { expectNumber, lotteryBetLine, lotteryCode } from './lottery.ts';

/** 追号 (issue 39, point 1): one slip on N consecutive periods, its whole amount frozen at creation. */

export const CHASE_STATUSES = {
  running: '追号中',
  done: '已完成',
  stopped: '中奖停追',
  cancelled: '已撤销',
} as const;
export const CHASE_STATUS_KEYS = Object.keys(CHASE_STATUSES) as [
  keyof typeof CHASE_STATUSES,
  ...Array<keyof typeof CHASE_STATUSES>,
];
export type ChaseStatus = keyof typeof CHASE_STATUSES;

export const CHASE_PERIOD_STATUSES = {
  waiting: '待投注',
  placed: '已投注',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  skipped: '未投注',
  cancelled: '已撤销',
} as const;
export const CHASE_PERIOD_STATUS_KEYS = Object.keys(CHASE_PERIOD_STATUSES) as [
  keyof typeof CHASE_PERIOD_STATUSES,
  ...Array<keyof typeof CHASE_PERIOD_STATUSES>,
];
export type ChasePeriodStatus = keyof typeof CHASE_PERIOD_STATUSES;

const chaseNo = z
  .string({ error: '请提供追号单号' })
  .regex(/^C\d{20}$/, '追号单号格式不正确')
  .describe('追号单号, e.g. C26113005063100000001');

export const chaseCreateBody = z
  .object({
    lottery_code: lotteryCode,
    start_expect: expectNumber.describe('The first period: open now or still to open'),
    bets: z.array(lotteryBetLine, { error: '请添加投注' }).min(1, '请添加投注').max(10, '追号一次最多10注单'),
    multiples: z
      .array(
        z
          .number({ error: `倍数须为1-${MAX_MULTIPLE}的整数` })
          .int(`倍数须为1-${MAX_MULTIPLE}的整数`)
          .min(1, `倍数须为1-${MAX_MULTIPLE}的整数`)
          .max(MAX_MULTIPLE, `倍数须为1-${MAX_MULTIPLE}的整数`),
        { error: '请设置追号计划' },
      )
      .min(1, `追号期数须为1-${CHASE_MAX_PERIODS}期`)
      .max(CHASE_MAX_PERIODS, `追号期数须为1-${CHASE_MAX_PERIODS}期`)
      .describe("Each period's multiple of the slip (the slip's own multiples × this), in order"),
    stop: z.enum(['none', 'any_win', 'win_over'], { error: '停止条件不正确' }).default('any_win'),
    stop_amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, '停止金额格式不正确')
      .optional()
      .describe('win_over: stop after a period that paid more than this (元)'),
    total_amount: z
      .string({ error: '请确认追号总金额' })
      .regex(/^\d{1,9}(\.\d{1,2})?$/, '追号总金额格式不正确')
      .describe('Total the member was shown; refused when it differs from the computed amount'),
  })
  .meta({ id: 'ChaseCreate' });
export type ChaseCreateBody = z.infer<typeof chaseCreateBody>;

export const chaseNoBody = z.object({ chase_no: chaseNo });
export const chaseNoQuery = z.object({ chase_no: chaseNo });
export const chaseListQuery = pageQuery.extend({
  status: z.enum(CHASE_STATUS_KEYS, { error: '追号状态不正确' }).optional(),
});

export const chasePeriodView = z.object({
  seq: z.number().int(),
  expect: z.string(),
  multiple: z.number().int(),
  amount: moneyString,
  status: z.enum(CHASE_PERIOD_STATUS_KEYS),
  status_text: z.string(),
  payout: moneyString,
  bet_nos: z.array(z.string()),
  message: z.string().nullable().describe('Why it was not placed, or was refunded'),
  placed_at: isoDate.nullable(),
});

export const chaseView = z
  .object({
    chase_no: z.string(),
    lottery_code: z.string(),
    lottery_name: z.string(),
    bets: z.array(
      z.object({
        play_code: z.string(),
        play_name: z.string(),
        bet_codes: z.string(),
        multiple: z.number().int(),
        unit: z.enum(['yuan', 'jiao', 'fen']),
        item_count: z.number().int(),
      }),
    ),
    stake: moneyString.describe('The slip at ×1'),
    periods: z.number().int(),
    placed: z.number().int().describe('Periods placed so far'),
    total_amount: moneyString.describe('Frozen at creation'),
    spent: moneyString.describe('Staked in placed periods'),
    refunded: moneyString.describe('Returned from periods not placed'),
    frozen: moneyString.describe('Still frozen for periods to come'),
    payout: moneyString.describe('Won so far'),
    stop: z.enum(['none', 'any_win', 'win_over']),
    stop_amount: moneyString.nullable(),
    status: z.enum(CHASE_STATUS_KEYS),
    status_text: z.string(),
    stop_reason: z.string().nullable(),
    start_expect: z.string(),
    created_at: isoDate,
    ended_at: isoDate.nullable(),
  })
  .meta({ id: 'Chase' });

export const chaseDetail = chaseView
  .extend({ schedule: z.array(chasePeriodView) })
  .meta({ id: 'ChaseDetail' });
export const chasePage = paginated(chaseView);

export const chaseCreateResult = z.object({
  chase: chaseView,
  balance: moneyString.describe('Lottery wallet after the freeze'),
});
