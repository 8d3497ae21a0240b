import { z } from 'zod';
import { CHASE_STATUS_KEYS, chaseDetail, chaseView } from '../chase.ts';
import { isoDate, moneyString, pageQuery } from '../common.ts';

/** A lottery game as the console shows it: sale switch, order, 封盘 seconds and today's figures. */
export const adminLotteryGame = z.object({
  code: z.string(),
  name: z.string(),
  family: z.string(),
  family_name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  schedule_text: z.string(),
  interval_seconds: z.number().int().nullable(),
  /** Seconds before the draw when sales close, as in force. */
  close_seconds: z.number().int(),
  /** The built-in value, used while no override is set. */
  default_close_seconds: z.number().int(),
  /** The most close_seconds may be (shorter than the interval, or than a day). */
  max_close_seconds: z.number().int(),
  current_period: z.string().nullable(),
  pending_bets: z.number().int(),
  pending_stake: moneyString,
});

export const lotteryGameParam = z.object({ code: z.string().trim().min(1).max(40) });

export const lotteryGameBody = z
  .object({
    enabled: z.boolean().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    /** null restores the built-in value. */
    close_seconds: z.number().int().min(0).max(86_399).nullable().optional(),
    reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因').max(200),
  })
  .refine((b) => b.enabled !== undefined || b.sort !== undefined || b.close_seconds !== undefined, {
    message: '没有要保存的修改',
  });

export const adminPeriodQuery = pageQuery.extend({
  code: z.string().trim().max(40).optional(),
  status: z.enum(['pending', 'open', 'closed', 'drawn', 'cancelled', 'overdue', 'unsettled']).optional(),
  number: z.string().trim().max(40).optional(),
});

/**
 * One period: its commitment (public from creation), and only once drawn the seed and open code
 * (the database holds no seed before the draw). Nothing here, or anywhere in the console, sets or
 * alters an open code or cancels a period.
 */
export const adminPeriodItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  number: z.string(),
  status: z.string(),
  status_text: z.string(),
  open_at: isoDate,
  close_at: isoDate,
  draw_at: isoDate,
  commitment: z.string(),
  seed: z.string().nullable(),
  open_code: z.string().nullable(),
  drawn_at: isoDate.nullable(),
  settled_at: isoDate.nullable(),
  cancel_reason: z.string().nullable(),
  /**
   * Past its draw time (plus a minute) without a draw: the scheduler retries it on every tick,
   * so the lottery job is not running. Nobody cancels it by hand (docs/decisions/016).
   */
  overdue: z.boolean(),
  bets: z.number().int(),
  stake: moneyString,
  payout: moneyString,
  pending_bets: z.number().int(),
});

/** 追号 in the console: every member's chases, and one period by period. */
export const adminChaseQuery = pageQuery.extend({
  status: z.enum(CHASE_STATUS_KEYS, { error: '追号状态不正确' }).optional(),
  username: z.string().trim().max(40).optional(),
  lottery_code: z.string().trim().max(40).optional(),
});
export const adminChaseItem = chaseView.extend({ id: z.number().int(), username: z.string() });
export const adminChaseDetail = chaseDetail.extend({ id: z.number().int() });
